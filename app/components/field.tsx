/**
 * Labelled form fields with their hint and errors (docs/decisions/065). Every form renders its
 * fields through these, so each control says whether it is invalid (aria-invalid) and points at
 * its hint and message (aria-describedby) — only at elements that are rendered — with
 * JavaScript or without (the server's errors arrive through conform's lastResult). A message
 * is shown in the page's language (decision 173).
 */
import { type FieldMetadata, getInputProps, getTextareaProps } from '@conform-to/react'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { messageIn } from '~/forms/messages'
import { useLocale } from './use-locale'

const inputClasses =
	'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100'

// biome-ignore lint/suspicious/noExplicitAny: any form's field; the value type does not matter here
type AnyField = FieldMetadata<any, any, any>

type Wiring = {
	hintId: string | undefined
	/** Whether the error element is rendered (always when space is reserved for it). */
	showErrors: boolean
	aria: { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }
}

/**
 * The one place ids are wired: the hint's id when a hint is rendered, the error's id when the
 * error element is rendered. Forms that reserve room for a message (no layout shift) always
 * render the error element; compact ones render it only with a message.
 */
function wireField(meta: AnyField, hasHint: boolean, reserveErrorSpace: boolean): Wiring {
	const invalid = Boolean(meta.errors?.length)
	const hintId = hasHint ? `${meta.id}-hint` : undefined
	const showErrors = reserveErrorSpace || invalid
	const ids = [hintId, showErrors ? meta.errorId : undefined].filter(Boolean)
	return {
		hintId,
		showErrors,
		aria: {
			'aria-invalid': invalid || undefined,
			'aria-describedby': ids.length ? ids.join(' ') : undefined,
		},
	}
}

function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
	const locale = useLocale()
	return (
		<div id={id} className="min-h-5 pt-1 text-sm text-red-700 dark:text-red-400">
			{errors?.[0] ? <p>{messageIn(errors[0], locale)}</p> : null}
		</div>
	)
}

function FieldHint({ id, children }: { id: string | undefined; children: ReactNode }) {
	return id ? (
		<p id={id} className="pt-1 text-sm text-slate-600 dark:text-slate-400">
			{children}
		</p>
	) : null
}

/** The hint and the error below a control, as wired. */
function Description({ meta, wiring, hint }: { meta: AnyField; wiring: Wiring; hint: ReactNode }) {
	return (
		<>
			<FieldHint id={wiring.hintId}>{hint}</FieldHint>
			{wiring.showErrors ? <FieldErrors id={meta.errorId} errors={meta.errors} /> : null}
		</>
	)
}

type FieldProps = {
	meta: AnyField
	label: ReactNode
	type?: 'text' | 'email' | 'url' | 'number' | 'date' | 'datetime-local' | 'file'
	hint?: ReactNode
	inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id'>
	/**
	 * For a field in a row (the buy form): no room reserved for the message, and the wrapper's
	 * and input's classes given by the form.
	 */
	compact?: { className: string; inputClassName: string }
}

export function Field({ meta, label, type = 'text', hint, inputProps, compact }: FieldProps) {
	const wiring = wireField(meta, Boolean(hint), !compact)
	return (
		<div className={compact?.className}>
			<label
				htmlFor={meta.id}
				className={compact ? 'text-sm font-medium' : 'block text-sm font-medium'}
			>
				{label}
			</label>
			<input
				{...getInputProps(meta, { type, ariaAttributes: false })}
				{...inputProps}
				className={compact?.inputClassName ?? inputClasses}
				{...wiring.aria}
			/>
			<Description meta={meta} wiring={wiring} hint={hint} />
		</div>
	)
}

export function TextareaField({
	meta,
	label,
	hint,
	rows = 4,
}: {
	meta: AnyField
	label: ReactNode
	hint?: ReactNode
	rows?: number
}) {
	const wiring = wireField(meta, Boolean(hint), true)
	return (
		<div>
			<label htmlFor={meta.id} className="block text-sm font-medium">
				{label}
			</label>
			<textarea
				{...getTextareaProps(meta, { ariaAttributes: false })}
				rows={rows}
				className={inputClasses}
				{...wiring.aria}
			/>
			<Description meta={meta} wiring={wiring} hint={hint} />
		</div>
	)
}

/** A checkbox with its label beside it; its message, if any, below. */
export function CheckboxField({
	meta,
	label,
	hint,
}: {
	meta: AnyField
	label: ReactNode
	hint?: ReactNode
}) {
	const wiring = wireField(meta, Boolean(hint), false)
	return (
		<div>
			<label className="flex items-start gap-2">
				<input
					{...getInputProps(meta, { type: 'checkbox', ariaAttributes: false })}
					{...wiring.aria}
				/>
				<span>{label}</span>
			</label>
			<Description meta={meta} wiring={wiring} hint={hint} />
		</div>
	)
}

/**
 * One choice out of a few, as radio buttons in a fieldset that carries the message. An option
 * that cannot be chosen is disabled, its `note` saying why ("Full"); `stacked` puts one option
 * per line, for long labels.
 */
export function RadioGroupField({
	meta,
	legend,
	options,
	hint,
	stacked = false,
}: {
	meta: AnyField
	legend: ReactNode
	options: readonly { value: string; label: ReactNode; disabled?: boolean; note?: ReactNode }[]
	hint?: ReactNode
	stacked?: boolean
}) {
	const wiring = wireField(meta, Boolean(hint), true)
	return (
		<fieldset {...wiring.aria}>
			<legend className="text-sm font-medium">{legend}</legend>
			<div className={stacked ? 'mt-2 space-y-2' : 'mt-2 flex flex-wrap gap-4'}>
				{options.map((option) => (
					<label
						key={option.value}
						className={`flex items-center gap-2${option.disabled ? ' text-slate-500 dark:text-slate-400' : ''}`}
					>
						<input
							{...getInputProps(meta, {
								type: 'radio',
								value: option.value,
								ariaAttributes: false,
							})}
							id={`${meta.id}-${option.value}`}
							disabled={option.disabled}
						/>
						<span>
							{option.label}
							{option.note ? <strong className="ml-2 font-semibold">{option.note}</strong> : null}
						</span>
					</label>
				))}
			</div>
			<Description meta={meta} wiring={wiring} hint={hint} />
		</fieldset>
	)
}

/** The form's own message (not about one field): announced, shown only when there is one. */
export function FormErrors({
	id,
	errors,
	prominent = false,
}: {
	id: string
	errors: string[] | undefined
	/** A whole page's one form (a payment, a claim) says what went wrong in larger type. */
	prominent?: boolean
}) {
	const size = prominent ? 'font-medium' : 'text-sm'
	const locale = useLocale()
	return errors?.[0] ? (
		<p id={id} role="alert" className={`${size} text-red-700 dark:text-red-400`}>
			{messageIn(errors[0], locale)}
		</p>
	) : null
}
