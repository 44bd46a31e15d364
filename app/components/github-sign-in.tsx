import { Form } from '@remix-run/react'
import { Icon } from '~/components/icons'
import type { Locale } from '~/domain/locale'
// Type only: the profile rules (and zod) stay out of this page's bundle.
import type { Profile } from '~/models/leads/profile'
import { useLocale } from './use-locale'

/** The sign-in's and the profile card's words per language (decision 178). */
const WORDS = {
	'en-US': {
		signIn: 'Sign in with GitHub',
		profile: 'Your profile',
		name: 'Name',
		email: 'E-mail:',
		order: 'Order:',
		signOut: 'Sign out',
	},
	'de-DE': {
		signIn: 'Mit GitHub anmelden',
		profile: 'Ihr Profil',
		name: 'Name',
		email: 'E-Mail:',
		order: 'Bestellung:',
		signOut: 'Abmelden',
	},
} satisfies Record<Locale, unknown>

/** Where the sign-in starts; `returnTo` is the path to come back to afterwards. */
export function signInHref(returnTo: string): string {
	return `/login/github?${new URLSearchParams({ returnTo })}`
}

/**
 * "Sign in with GitHub". A plain link, not a form: the sign-in leaves the site for GitHub, and
 * the CSP's form-action 'self' would stop a form from following that redirect.
 */
export function SignInWithGitHubButton({ returnTo }: { returnTo: string }) {
	const words = WORDS[useLocale()]
	return (
		<a
			href={signInHref(returnTo)}
			className="inline-flex items-center gap-2 rounded-lg bg-slate-900 px-5 py-3 font-semibold text-white hover:bg-slate-700 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200"
		>
			<Icon name="github" />
			{words.signIn}
		</a>
	)
}

/** The name to greet the visitor with. */
function displayName(profile: Profile): string {
	return (
		[profile.firstName, profile.lastName].filter(Boolean).join(' ') ||
		profile.github_username ||
		profile.email
	)
}

/** The visitor's profile (SPEC §3) with a way to sign out. */
export function ProfileCard({ profile, returnTo }: { profile: Profile; returnTo: string }) {
	const name = displayName(profile)
	const words = WORDS[useLocale()]
	return (
		<section
			aria-label={words.profile}
			className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
		>
			{profile.avatar ? (
				<img
					src={profile.avatar}
					alt=""
					width={56}
					height={56}
					className="h-14 w-14 rounded-full bg-slate-200 dark:bg-slate-800"
					referrerPolicy="no-referrer"
				/>
			) : null}
			<dl className="min-w-0 flex-1 space-y-1 text-sm">
				<div>
					<dt className="sr-only">{words.name}</dt>
					<dd className="text-base font-semibold" data-testid="profile-name">
						{name}
					</dd>
				</div>
				{profile.email ? (
					<div className="flex gap-1">
						<dt className="text-slate-600 dark:text-slate-400">{words.email}</dt>
						<dd data-testid="profile-email">{profile.email}</dd>
					</div>
				) : null}
				{profile.github_username ? (
					<div className="flex gap-1">
						<dt className="text-slate-600 dark:text-slate-400">GitHub:</dt>
						<dd data-testid="profile-github">@{profile.github_username}</dd>
					</div>
				) : null}
				{profile.orderHashId ? (
					<div className="flex gap-1">
						<dt className="text-slate-600 dark:text-slate-400">{words.order}</dt>
						<dd data-testid="profile-order">{profile.orderHashId}</dd>
					</div>
				) : null}
			</dl>
			<Form method="post" action="/sign-out">
				<input type="hidden" name="returnTo" value={returnTo} />
				<button
					type="submit"
					className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-900"
				>
					<Icon name="log-out" className="h-4 w-4" />
					{words.signOut}
				</button>
			</Form>
		</section>
	)
}
