import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import {
	type ActionFunctionArgs,
	json,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
	type SerializeFrom,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { HoneypotInputs, HoneypotProvider } from 'remix-utils/honeypot/react'
import { SubmitButton } from '~/components/button'
import { Field } from '~/components/field'
import { ProfileCard, SignInWithGitHubButton } from '~/components/github-sign-in'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { OneClickSignup } from '~/components/signup-form'
import { getPublicConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { getAttribution } from '~/models/attribution.server'
import { saveLead } from '~/models/leads.server'
import { readOneClickLink } from '~/models/one-click.server'
import { applyProfileData, EMPTY_PROFILE, hasProfile } from '~/models/profile'
import { onboardingSchema } from '~/models/signup-forms'
import { checkHoneypot, honeypotProps } from '~/utils/honeypot.server'
import { pageMeta } from '~/utils/meta'
import { getProfile, storeProfile } from '~/utils/session.server'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `Welcome aboard` })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const profile = await getProfile(request, context)
	return json({
		profile: hasProfile(profile) ? profile : null,
		signInWithGitHub: getPublicConfig().GITHUB_SIGN_IN,
		saved: new URL(request.url).searchParams.has('saved'),
		oneClick: readOneClickLink(request),
		honeypot: honeypotProps(),
	})
}

/**
 * The profile form (SPEC §5): the same rules, messages and name normalisation as the GitHub
 * sign-in, through applyProfileData. An invalid value stores nothing; empty fields are ignored.
 */
export async function action({ request, context }: ActionFunctionArgs) {
	const formData = await request.formData()
	checkHoneypot(formData)
	const submission = parseWithZod(formData, { schema: onboardingSchema })
	if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
	const current = (await getProfile(request, context)) ?? EMPTY_PROFILE
	const applied = applyProfileData(current, submission.value)
	if (!applied.ok) return json(submission.reply({ formErrors: [applied.message] }), { status: 400 })
	const { profile } = applied
	if (profile.email) {
		await saveLead(await getDb(), {
			email: profile.email,
			list: 'onboarding',
			firstName: profile.firstName,
			lastName: profile.lastName,
			avatarUrl: profile.avatar,
			attribution: getAttribution(request, context.origin),
		})
	}
	return redirect('/onboarding?saved=1', {
		headers: { 'Set-Cookie': await storeProfile(request, context, profile) },
	})
}

export default function Page() {
	const { profile, signInWithGitHub, saved, oneClick, honeypot } = useLoaderData<typeof loader>()
	return (
		<LeadLayout>
			<PageHeading
				title="Welcome aboard"
				lead="Tell us a little about yourself so we can set up your course profile."
			/>
			{oneClick ? <OneClickSignup link={oneClick} honeypot={honeypot} /> : null}
			{saved ? (
				<p role="status" className="mb-6 font-medium text-emerald-700 dark:text-emerald-400">
					Your profile is saved.
				</p>
			) : null}
			{profile ? (
				<ProfileCard profile={profile} returnTo="/onboarding" />
			) : signInWithGitHub ? (
				<div className="space-y-3">
					<p className="text-slate-700 dark:text-slate-300">
						Fill in your profile from your GitHub account:
					</p>
					<SignInWithGitHubButton returnTo="/onboarding" />
				</div>
			) : null}
			<section aria-labelledby="profile-form-heading" className="mt-10">
				<h2 id="profile-form-heading" className="mb-4 text-xl font-semibold">
					{profile ? 'Update your profile' : 'Or fill it in yourself'}
				</h2>
				{/* Keyed by the stored profile: after a save the form starts again from it. */}
				<ProfileForm key={JSON.stringify(profile)} profile={profile} honeypot={honeypot} />
			</section>
		</LeadLayout>
	)
}

function ProfileForm({
	profile,
	honeypot,
}: {
	profile: SerializeFrom<typeof loader>['profile']
	honeypot: SerializeFrom<typeof loader>['honeypot']
}) {
	const lastResult = useActionData<typeof action>()
	const [form, fields] = useForm({
		id: 'onboarding-profile',
		lastResult,
		defaultValue: {
			firstName: profile?.firstName ?? '',
			lastName: profile?.lastName ?? '',
			email: profile?.email ?? '',
			avatar: profile?.avatar ?? '',
		},
		constraint: getZodConstraint(onboardingSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: onboardingSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<HoneypotProvider {...honeypot}>
			<Form method="post" {...getFormProps(form)} className="max-w-md space-y-2">
				<HoneypotInputs />
				<Field
					meta={fields.firstName}
					label="First name"
					inputProps={{ autoComplete: 'given-name' }}
				/>
				<Field
					meta={fields.lastName}
					label="Last name"
					inputProps={{ autoComplete: 'family-name' }}
				/>
				<Field
					meta={fields.email}
					label="E-mail address"
					type="email"
					inputProps={{ autoComplete: 'email' }}
				/>
				<Field
					meta={fields.avatar}
					label="Avatar URL"
					type="url"
					hint="A link to a picture of you, starting with https://"
				/>
				{form.errors?.length ? (
					<p id={form.errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
						{form.errors[0]}
					</p>
				) : null}
				<SubmitButton>Save profile</SubmitButton>
			</Form>
		</HoneypotProvider>
	)
}
