/**
 * The sign-up forms' shared pieces: `SignupForm` (e-mail and optional first name for the workshop
 * and the day event, e-mail only for the course interest form) and `OneClickSignup`, which submits a
 * signed sign-up link by itself with JavaScript and with one click without.
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form, useSubmit } from '@remix-run/react'
import { type ComponentProps, type ReactNode, useEffect, useRef } from 'react'
import { SubmitButton } from '~/components/button'
import { Field, FormErrors, RadioGroupField } from '~/components/field'
import { HoneypotFields } from '~/components/honeypot-fields'
import type { Locale } from '~/domain/locale'
import { countOf, PLACE_DE } from '~/domain/words'
import { messageIn } from '~/forms/messages'
import { SIGNUP_FORMS, type SignupList } from '~/forms/names'
import { useValidatedForm } from '~/forms/use-form-validator'
import type { HoneypotProps } from '~/http/honeypot.server'
import { recordSignup } from '~/integrations/analytics/runtime'
import { localePath } from '~/utils/i18n'
import { useLocale } from './use-locale'

export type SignupFormProps = {
	id: string
	lastResult: SubmissionResult<string[]> | null | undefined
	honeypot: HoneypotProps
	submitLabel: string
	/** What the visitor agrees to; shown under the button. */
	consent: string
	/** The list signed up to, also the `list` key of the analytics sign-up event. */
	list: SignupList
	/** The workshop's sessions to choose from, and the one chosen by default (docs/decisions/110). */
	sessions?: { choices: readonly SessionOption[]; defaultValue: string | undefined }
}

/** A workshop session as the form offers it. */
type SessionOption = {
	id: string
	when: string
	zoneName: string
	placeholder: boolean
	left: number | null
	full: boolean
}

type SessionFieldMeta = ComponentProps<typeof RadioGroupField>['meta']

/** The form's own words, per language (decision 173). */
const WORDS = {
	'en-US': {
		session: 'Session',
		firstName: 'First name (optional)',
		email: 'E-mail address',
		full: 'Full',
		left: (left: number) => (left === 1 ? '1 place left' : `${left} places left`),
		provisional: 'Provisional date',
		oneClick: 'One-click sign-up',
		oneClickQuestion: (email: ReactNode, label: string) => (
			<>
				Sign up {email} for {label}?
			</>
		),
		oneClickConfirm: 'Confirm sign-up',
	},
	'de-DE': {
		session: 'Termin',
		firstName: 'Vorname (optional)',
		email: 'E-Mail-Adresse',
		full: 'Ausgebucht',
		left: (left: number) => `Noch ${countOf(left, PLACE_DE, 'de-DE')} frei`,
		provisional: 'Vorläufiger Termin',
		oneClick: 'Anmeldung mit einem Klick',
		oneClickQuestion: (email: ReactNode, label: string) => (
			<>
				{email} für {label} anmelden?
			</>
		),
		oneClickConfirm: 'Anmeldung bestätigen',
	},
} satisfies Record<Locale, unknown>

function sessionNote(session: SessionOption, words: (typeof WORDS)[Locale]): string | undefined {
	if (session.full) return words.full
	if (session.left !== null && session.left <= 10) return words.left(session.left)
	return session.placeholder ? words.provisional : undefined
}

export function SignupForm({
	id,
	lastResult,
	honeypot,
	submitLabel,
	consent,
	list,
	sessions,
}: SignupFormProps) {
	const [form, fields] = useValidatedForm(SIGNUP_FORMS[list], {
		id,
		lastResult,
		defaultValue: sessions ? { session: sessions.defaultValue } : undefined,
		onSubmit: (_event, { submission }) => {
			// With JavaScript only: the form is valid and about to be sent.
			if (submission?.status === 'success') recordSignup(String(submission.value.email), list)
		},
	})
	const hasFirstName = SIGNUP_FORMS[list] !== 'interest'
	const words = WORDS[useLocale()]
	return (
		<Form method="post" {...getFormProps(form)} className="max-w-md space-y-2">
			<HoneypotFields honeypot={honeypot} />
			{sessions ? (
				<RadioGroupField
					// The workshop's form (SIGNUP_FORMS), the one given sessions, has the field.
					meta={(fields as unknown as Record<string, SessionFieldMeta>).session!}
					legend={words.session}
					stacked
					options={sessions.choices.map((session) => ({
						value: session.id,
						label: `${session.when} (${session.zoneName})`,
						disabled: session.full,
						note: sessionNote(session, words),
					}))}
				/>
			) : null}
			{hasFirstName ? (
				<Field
					meta={fields.firstName}
					label={words.firstName}
					inputProps={{ autoComplete: 'given-name' }}
				/>
			) : null}
			<Field
				meta={fields.email}
				label={words.email}
				type="email"
				inputProps={{ autoComplete: 'email', required: true }}
			/>
			<FormErrors id={form.errorId} errors={form.errors} />
			<SubmitButton className="w-full sm:w-auto">{submitLabel}</SubmitButton>
			<p className="pt-1 text-sm text-slate-600 dark:text-slate-400">{consent}</p>
		</Form>
	)
}

export type OneClickLink =
	| { ok: true; token: string; email: string; label: string }
	| { ok: false; message: string }

/**
 * A signed sign-up link (`?signup=TOKEN`): with JavaScript the form submits itself once (the
 * button shows its loading state meanwhile); without, the visitor confirms with one click.
 */
export function OneClickSignup({
	link,
	honeypot,
}: {
	link: OneClickLink
	honeypot: HoneypotProps
}) {
	const formRef = useRef<HTMLFormElement>(null)
	const submit = useSubmit()
	const submitted = useRef(false)
	const locale = useLocale()
	const words = WORDS[locale]
	// Posted to the page's language's twin, which answers with the list's page in it.
	const action = localePath('/signup/one-click', locale)
	useEffect(() => {
		if (!link.ok || submitted.current || !formRef.current) return
		submitted.current = true
		submit(formRef.current)
	}, [link.ok, submit])
	if (!link.ok)
		return (
			<p
				role="alert"
				className="mb-6 rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-900 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100"
			>
				{messageIn(link.message, locale)}
			</p>
		)
	return (
		<Form
			ref={formRef}
			method="post"
			action={action}
			aria-label={words.oneClick}
			className="mb-6 rounded-lg border border-indigo-300 p-4 dark:border-indigo-700"
		>
			<HoneypotFields honeypot={honeypot} />
			<input type="hidden" name="token" value={link.token} />
			<p className="mb-3">{words.oneClickQuestion(<strong>{link.email}</strong>, link.label)}</p>
			<SubmitButton formAction={action}>{words.oneClickConfirm}</SubmitButton>
		</Form>
	)
}
