import { getFormProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { CheckboxField, Field, RadioGroupField, TextareaField } from '~/components/field'
import { HoneypotFields } from '~/components/honeypot-fields'
import { OneClickSignup } from '~/components/islands'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useValidatedForm } from '~/forms/use-form-validator'
import { pageHoneypot } from '~/http/honeypot.server'
import { getProfile } from '~/http/session.server'
import { readOneClickLink } from '~/models/preferences/one-click.server'
import { pageMeta } from '~/utils/meta'
import { signupResponse, submitSurveyForm } from './signup-forms.shared.server'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `Insiders survey` })

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

const RATINGS = (
	[
		[1, 'Poor'],
		[2, 'Fair'],
		[3, 'Good'],
		[4, 'Very good'],
		[5, 'Excellent'],
	] as const
).map(([value, label]) => ({ value: String(value), label: `${value} · ${label}` }))

export default function Page() {
	const { email, thanks, oneClick, honeypot } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const [form, fields] = useValidatedForm('survey', {
		id: 'insiders-survey',
		lastResult,
		defaultValue: { email },
	})
	return (
		<LeadLayout>
			<PageHeading
				title="Insiders survey"
				lead="You took the course as an insider: tell us what worked and what we should improve."
			/>
			{oneClick ? <OneClickSignup link={oneClick} honeypot={honeypot} /> : null}
			{thanks ? (
				<p role="status" className="font-medium text-emerald-700 dark:text-emerald-400">
					Thank you! Your answers help us make the course better.
				</p>
			) : (
				<Form method="post" {...getFormProps(form)} className="max-w-xl space-y-4">
					<HoneypotFields honeypot={honeypot} />
					<Field
						meta={fields.email}
						label="E-mail address"
						type="email"
						inputProps={{ autoComplete: 'email', required: true }}
					/>
					<RadioGroupField
						meta={fields.rating}
						legend="How would you rate the course overall?"
						options={RATINGS}
					/>
					<TextareaField meta={fields.helped} label="What helped you most?" />
					<TextareaField meta={fields.improve} label="What should we improve?" />
					<CheckboxField
						meta={fields.mayQuote}
						label="You may quote my answers as a testimonial, with my first name."
					/>
					<SubmitButton>Send answers</SubmitButton>
				</Form>
			)}
		</LeadLayout>
	)
}
