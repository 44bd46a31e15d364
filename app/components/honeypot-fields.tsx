import type { HoneypotProps } from '~/http/honeypot.server'

/**
 * The honeypot fields of a form (docs/decisions/063, 073), hidden from people and from assistive
 * technology. Valid HTML with any number of forms on a page: no ids (the label wraps its
 * field) and a standard `autocomplete` value. The token is good for one submission
 * (docs/decisions/137): every form of a page gets the one its loader took with `pageHoneypot`.
 */
export function HoneypotFields({ honeypot }: { honeypot: HoneypotProps }) {
	return (
		<>
			<div style={{ display: 'none' }} aria-hidden="true">
				<label>
					Please leave this field blank
					<input
						type="text"
						name={honeypot.nameField}
						defaultValue=""
						autoComplete="off"
						tabIndex={-1}
					/>
				</label>
			</div>
			<input type="hidden" name={honeypot.validFromField} value={honeypot.validFrom} />
		</>
	)
}
