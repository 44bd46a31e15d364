import { getFormProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { CheckboxField, Field, RadioGroupField, TextareaField } from '~/components/field'
import { HoneypotFields } from '~/components/honeypot-fields'
import { OneClickSignup } from '~/components/islands'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import type { Locale } from '~/domain/locale'
import { useValidatedForm } from '~/forms/use-form-validator'
import { pageHoneypot } from '~/http/honeypot.server'
import { getProfile } from '~/http/session.server'
import { readOneClickLink } from '~/models/preferences/one-click.server'
import { localeOfPath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { signupResponse, submitSurveyForm } from './signup-forms.shared.server'

export { shouldRevalidate } from '~/utils/revalidate'

/** The page's words per language (decisions 175, 178). */
const COPY = {
	'en-US': {
		title: 'Insiders survey',
		lead: 'You took the course as an insider: tell us what worked and what we should improve.',
		thanks: 'Thank you! Your answers help us make the course better.',
		email: 'E-mail address',
		rating: 'How would you rate the course overall?',
		ratings: ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'],
		helped: 'What helped you most?',
		improve: 'What should we improve?',
		mayQuote: 'You may quote my answers as a testimonial, with my first name.',
		send: 'Send answers',
	},
	'de-DE': {
		title: 'Umfrage für Insider',
		lead: 'Sie haben den Kurs als Insider belegt: Sagen Sie uns, was gut war und was wir verbessern sollten.',
		thanks: 'Vielen Dank! Ihre Antworten helfen uns, den Kurs besser zu machen.',
		email: 'E-Mail-Adresse',
		rating: 'Wie bewerten Sie den Kurs insgesamt?',
		ratings: ['Schlecht', 'Ausreichend', 'Gut', 'Sehr gut', 'Ausgezeichnet'],
		helped: 'Was hat Ihnen am meisten geholfen?',
		improve: 'Was sollten wir verbessern?',
		mayQuote: 'Sie dürfen meine Antworten mit meinem Vornamen als Erfahrungsbericht zitieren.',
		send: 'Antworten senden',
	},
} satisfies Record<Locale, { ratings: string[]; [text: string]: unknown }>

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const profile = await getProfile(request, context)
	return {
		email: profile?.email ?? '',
		thanks: new URL(request.url).searchParams.has('thanks'),
		oneClick: readOneClickLink(new URL(request.url)),
		honeypot: pageHoneypot(context),
	}
}

export async function action({ request, context }: ActionFunctionArgs) {
	return signupResponse(await submitSurveyForm(request, context))
}

/** The ratings 1 to 5, each with its word. */
const ratingsOf = (words: string[]) =>
	words.map((label, index) => ({ value: String(index + 1), label: `${index + 1} · ${label}` }))

export default function Page() {
	const { email, thanks, oneClick, honeypot } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const [form, fields] = useValidatedForm('survey', {
		id: 'insiders-survey',
		lastResult,
		defaultValue: { email },
	})
	const copy = COPY[useLocale()]
	return (
		<LeadLayout>
			<PageHeading title={copy.title} lead={copy.lead} />
			{oneClick ? <OneClickSignup link={oneClick} honeypot={honeypot} /> : null}
			{thanks ? (
				<p role="status" className="font-medium text-emerald-700 dark:text-emerald-400">
					{copy.thanks}
				</p>
			) : (
				<Form method="post" {...getFormProps(form)} className="max-w-xl space-y-4">
					<HoneypotFields honeypot={honeypot} />
					<Field
						meta={fields.email}
						label={copy.email}
						type="email"
						inputProps={{ autoComplete: 'email', required: true }}
					/>
					<RadioGroupField
						meta={fields.rating}
						legend={copy.rating}
						options={ratingsOf(copy.ratings)}
					/>
					<TextareaField meta={fields.helped} label={copy.helped} />
					<TextareaField meta={fields.improve} label={copy.improve} />
					<CheckboxField meta={fields.mayQuote} label={copy.mayQuote} />
					<SubmitButton>{copy.send}</SubmitButton>
				</Form>
			)}
		</LeadLayout>
	)
}
