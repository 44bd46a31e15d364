import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ProfileCard, SignInWithGitHubButton } from '~/components/github-sign-in'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { getPublicConfig } from '~/config.server'
import { hasProfile } from '~/models/profile'
import { pageMeta } from '~/utils/meta'
import { getProfile } from '~/utils/session.server'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `Welcome aboard` })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const profile = await getProfile(request, context)
	return json({
		profile: hasProfile(profile) ? profile : null,
		signInWithGitHub: getPublicConfig().GITHUB_SIGN_IN,
	})
}

export default function Page() {
	const { profile, signInWithGitHub } = useLoaderData<typeof loader>()
	return (
		<LeadLayout>
			<PageHeading
				title="Welcome aboard"
				lead="Tell us a little about yourself so we can set up your course profile."
			/>
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
		</LeadLayout>
	)
}
