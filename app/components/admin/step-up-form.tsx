/**
 * The step-up form (docs/decisions/136): asked before a refund, an erasure, a send to many, the
 * course's opening or a coupon change when the owner has not confirmed a second factor in the
 * last few minutes. A plain form posting to /admin/step-up with the refused post's fields, so
 * that confirming resumes it: an authenticator code works without JavaScript; a passkey needs
 * the browser's WebAuthn, so its button fills the form's `stepUpPasskey` field and submits it.
 */
import { Link } from '@remix-run/react'
import { useRef, useState } from 'react'
import { Button } from '~/components/button'
import type { StepUpPrompt } from '~/domain/step-up'

const inputClasses =
	'mt-1 block w-40 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100'

export function StepUpForm({ prompt }: { prompt: StepUpPrompt }) {
	const form = useRef<HTMLFormElement>(null)
	const passkeyField = useRef<HTMLInputElement>(null)
	const [passkeyError, setPasskeyError] = useState<string | null>(null)
	const { factors } = prompt
	const signWithPasskey = async () => {
		setPasskeyError(null)
		try {
			const { startAuthentication } = await import('@simplewebauthn/browser')
			const options = await fetch('/admin/passkey-options?for=authenticate').then((response) =>
				response.json(),
			)
			const answer = await startAuthentication({ optionsJSON: options })
			if (passkeyField.current) passkeyField.current.value = JSON.stringify(answer)
			form.current?.submit()
		} catch {
			setPasskeyError('The passkey did not answer. Try again, or type a code from your app.')
		}
	}
	return (
		<section aria-labelledby="step-up-heading" className="mx-auto max-w-xl px-4 py-8">
			<h1 id="step-up-heading" className="text-2xl font-bold tracking-tight">
				Confirm it’s you
			</h1>
			<p className="mt-2">
				Refunds, erasing a person, messages to many people, opening the course and coupon changes
				cannot be undone, so they ask for your second factor first. One confirmation covers the next
				few minutes in this browser.
			</p>
			{!factors.totp && !factors.passkey ? (
				<p className="mt-4 font-medium">
					You have no second factor yet.{' '}
					<Link
						to={`/admin/security?returnTo=${encodeURIComponent(prompt.returnTo)}`}
						className="underline"
						reloadDocument
					>
						Set up a passkey or an authenticator app
					</Link>
					, then come back.
				</p>
			) : (
				<form ref={form} method="post" action="/admin/step-up" className="mt-4 space-y-3">
					<input type="hidden" name="stepUpReturn" value={prompt.returnTo} />
					<input type="hidden" name="stepUpResume" value={prompt.resume} />
					<input ref={passkeyField} type="hidden" name="stepUpPasskey" defaultValue="" />
					{prompt.fields.map(([name, value], index) => (
						// biome-ignore lint/suspicious/noArrayIndexKey: a field may repeat; the order is the post's
						<input key={index} type="hidden" name={name} value={value} />
					))}
					{factors.passkey ? (
						<p>
							<Button type="button" onClick={signWithPasskey}>
								Use my passkey
							</Button>
							{passkeyError ? (
								<span role="alert" className="ml-3 text-sm text-red-700 dark:text-red-400">
									{passkeyError}
								</span>
							) : null}
						</p>
					) : null}
					{factors.totp ? (
						<div>
							<label htmlFor="step-up-code" className="block font-medium">
								Code from your authenticator app
							</label>
							<input
								id="step-up-code"
								name="stepUpCode"
								inputMode="numeric"
								autoComplete="one-time-code"
								pattern="[0-9 -]*"
								maxLength={9}
								className={inputClasses}
								aria-invalid={prompt.error ? true : undefined}
								aria-describedby={prompt.error ? 'step-up-code-error' : undefined}
							/>
							{prompt.error ? (
								<p id="step-up-code-error" className="pt-1 text-sm text-red-700 dark:text-red-400">
									{prompt.error}
								</p>
							) : null}
							<Button type="submit" className="mt-3">
								Confirm
							</Button>
						</div>
					) : prompt.error ? (
						<p role="alert" className="text-sm text-red-700 dark:text-red-400">
							{prompt.error}
						</p>
					) : null}
				</form>
			)}
			<p className="mt-6">
				<Link to="/admin" className="underline">
					Cancel
				</Link>
			</p>
		</section>
	)
}

/** The step-up a thrown 403 carries (http/step-up.server.ts), or null. */
export function stepUpOf(data: unknown): StepUpPrompt | null {
	if (typeof data !== 'object' || data === null || !('stepUp' in data)) return null
	return (data as { stepUp: StepUpPrompt }).stepUp
}
