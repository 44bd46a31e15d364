import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import {
	type ActionFunctionArgs,
	json,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { HoneypotInputs, HoneypotProvider } from 'remix-utils/honeypot/react'
import { SubmitButton } from '~/components/button'
import { Field, FieldErrors, TextareaField } from '~/components/field'
import { OneClickSignup } from '~/components/islands'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useFormValidator } from '~/components/use-form-validator'
import { readOneClickLink } from '~/models/one-click.server'
import { handleSurveyForm } from '~/models/signup-actions.server'
import { honeypotProps } from '~/utils/honeypot.server'
import { pageMeta } from '~/utils/meta'
import { getProfile } from '~/utils/session.server'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `Insiders survey` })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const profile = await getProfile(request, context)
	return json({
		email: profile?.email ?? '',
		thanks: new URL(request.url).searchParams.has('thanks'),
		oneClick: readOneClickLink(request),
		honeypot: honeypotProps(),
	})
}

export async function action(args: ActionFunctionArgs) {
	return handleSurveyForm(args)
}

type SurveyFields = {
	email: string
	rating: string
	helped: string
	improve: string
	mayQuote: boolean
}

const RATINGS = [
	[1, 'Poor'],
	[2, 'Fair'],
	[3, 'Good'],
	[4, 'Very good'],
	[5, 'Excellent'],
] as const

export default function Page() {
	const { email, thanks, oneClick, honeypot } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const [form, fields] = useForm<SurveyFields>({
		id: 'insiders-survey',
		lastResult,
		defaultValue: { email },
		onValidate: useFormValidator('survey'),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const ratingInvalid = Boolean(fields.rating.errors?.length)
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
				<HoneypotProvider {...honeypot}>
					<Form method="post" {...getFormProps(form)} className="max-w-xl space-y-4">
						<HoneypotInputs />
						<Field
							meta={fields.email}
							label="E-mail address"
							type="email"
							inputProps={{ autoComplete: 'email', required: true }}
						/>
						<fieldset
							aria-invalid={ratingInvalid || undefined}
							aria-describedby={fields.rating.errorId}
						>
							<legend className="text-sm font-medium">
								How would you rate the course overall?
							</legend>
							<div className="mt-2 flex flex-wrap gap-4">
								{RATINGS.map(([value, label]) => (
									<label key={value} className="flex items-center gap-2">
										<input
											{...getInputProps(fields.rating, {
												type: 'radio',
												value: String(value),
												ariaAttributes: false,
											})}
											id={`${fields.rating.id}-${value}`}
										/>
										{value} · {label}
									</label>
								))}
							</div>
							<FieldErrors id={fields.rating.errorId} errors={fields.rating.errors} />
						</fieldset>
						<TextareaField meta={fields.helped} label="What helped you most?" />
						<TextareaField meta={fields.improve} label="What should we improve?" />
						<label className="flex items-start gap-2">
							<input
								{...getInputProps(fields.mayQuote, { type: 'checkbox', ariaAttributes: false })}
							/>
							<span>You may quote my answers as a testimonial, with my first name.</span>
						</label>
						<SubmitButton>Send answers</SubmitButton>
					</Form>
				</HoneypotProvider>
			)}
		</LeadLayout>
	)
}
