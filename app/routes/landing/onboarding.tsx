import { getFormProps } from '@conform-to/react'
import type {
	ActionFunctionArgs,
	LoaderFunctionArgs,
	MetaFunction,
	SerializeFrom,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { Field } from '~/components/field'
import { ProfileCard, SignInWithGitHubButton } from '~/components/github-sign-in'
import { HoneypotFields } from '~/components/honeypot-fields'
import { OneClickSignup } from '~/components/islands'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { getPublicConfig } from '~/config.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { pageHoneypot } from '~/http/honeypot.server'
import { getProfile, storeProfile } from '~/http/session.server'
import { hasProfile } from '~/models/leads/profile'
import { readOneClickLink } from '~/models/preferences/one-click.server'
import { pageMeta } from '~/utils/meta'
import { signupResponse, submitProfileForm } from './signup-forms.shared.server'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `Welcome aboard` })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const profile = await getProfile(request, context)
	return {
		profile: hasProfile(profile) ? profile : null,
		signInWithGitHub: getPublicConfig().GITHUB_SIGN_IN,
		saved: new URL(request.url).searchParams.has('saved'),
		oneClick: readOneClickLink(new URL(request.url)),
		honeypot: pageHoneypot(context),
	}
}

export async function action({ request, context }: ActionFunctionArgs) {
	const outcome = await submitProfileForm(request, context)
	const setCookie =
		outcome.status === 'ok' ? await storeProfile(request, context, outcome.profile) : undefined
	return signupResponse(outcome, setCookie)
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
	const [form, fields] = useValidatedForm('onboarding', {
		id: 'onboarding-profile',
		lastResult,
		defaultValue: {
			firstName: profile?.firstName ?? '',
			lastName: profile?.lastName ?? '',
			email: profile?.email ?? '',
			avatar: profile?.avatar ?? '',
		},
	})
	return (
		<Form method="post" {...getFormProps(form)} className="max-w-md space-y-2">
			<HoneypotFields honeypot={honeypot} />
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
	)
}
