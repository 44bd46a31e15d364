import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { signInHref } from '~/components/github-sign-in'
import { Icon } from '~/components/icons'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import type { Locale } from '~/domain/locale'
import { MESSAGES, messageIn } from '~/forms/messages'
import { returnPath } from '~/http/oauth-state.server'
import { getGitHubClient } from '~/integrations/github/settings.server'
import {
	isSignInFailure,
	SIGN_IN_FAILURES,
	type SignInFailure,
} from '~/models/leads/github-sign-in.server'
import type { RouteHandle } from '~/utils/color-mode'
import { localeOfPath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { notFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

// Reached by the callback's redirect, in the language the sign-in started in: no switch, so the
// visitor's parameters (returnTo) are never repeated into a link (decision 178).
export const handle: RouteHandle = { languageSwitch: false }

/** The page's words per language (decision 178). */
const COPY = {
	'en-US': {
		title: 'Sign in with GitHub did not work',
		heading: 'Sign in with GitHub',
		retry: 'Try again',
		without: 'Continue without signing in',
	},
	'de-DE': {
		title: 'Die Anmeldung mit GitHub hat nicht funktioniert',
		heading: 'Mit GitHub anmelden',
		retry: 'Erneut versuchen',
		without: 'Ohne Anmeldung weiter',
	},
} satisfies Record<Locale, unknown>

/** Why, in German: every reason of SIGN_IN_FAILURES, or this does not compile. */
const GERMAN_FAILURES: Record<SignInFailure, string> = {
	denied: 'Sie haben die Anmeldung bei GitHub abgebrochen, daher wurde nichts mit uns geteilt.',
	badState:
		'Dieser Anmeldelink ist abgelaufen oder wurde nicht auf dieser Website gestartet. Bitte versuchen Sie es erneut.',
	missingCode: 'GitHub hat keinen Anmeldecode zurückgeschickt. Bitte versuchen Sie es erneut.',
	bad_code:
		'Der Anmeldecode von GitHub ist abgelaufen oder wurde schon verwendet. Bitte versuchen Sie es erneut.',
	timeout: 'GitHub antwortet zu langsam. Bitte versuchen Sie es gleich noch einmal.',
	unavailable:
		'Wir konnten GitHub gerade nicht erreichen. Bitte versuchen Sie es gleich noch einmal.',
	rejected:
		'GitHub hat unsere Anmeldeanfrage nicht angenommen. Bitte versuchen Sie es später erneut.',
	noVerifiedEmail:
		'Ihr GitHub-Konto hat keine bestätigte primäre E-Mail-Adresse. Bestätigen Sie eine bei GitHub und versuchen Sie es dann erneut.',
	invalidEmail: messageIn(MESSAGES.email, 'de-DE'),
}

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title })

/**
 * GET /login/github/failed?reason=…&returnTo=…: why a GitHub sign-in failed, answered with the
 * failure's status, and a way to try again. The message comes from the reason key, so a link
 * cannot put words on the page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	if (!getGitHubClient(context.origin)) throw notFound(url.pathname)
	const asked = url.searchParams.get('reason')
	const reason = isSignInFailure(asked) ? asked : 'badState'
	const failure = SIGN_IN_FAILURES[reason]
	const returnTo = returnPath(url.searchParams.get('returnTo'))
	const german = localeOfPath(url.pathname) === 'de-DE'
	return data(
		{
			message: german ? GERMAN_FAILURES[reason] : failure.message,
			retryHref: signInHref(returnTo),
			returnTo,
		},
		{ status: failure.status, headers: { 'Cache-Control': 'no-store' } },
	)
}

export default function GitHubSignInFailed() {
	const { message, retryHref, returnTo } = useLoaderData<typeof loader>()
	const copy = COPY[useLocale()]
	return (
		<LeadLayout>
			<PageHeading title={copy.heading} />
			<div className="space-y-6">
				<p
					role="alert"
					className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
				>
					{message}
				</p>
				<div className="flex flex-wrap items-center gap-4">
					<a
						href={retryHref}
						className="inline-flex items-center gap-2 rounded-lg bg-slate-900 px-5 py-3 font-semibold text-white hover:bg-slate-700 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200"
					>
						<Icon name="github" />
						{copy.retry}
					</a>
					<Link
						to={returnTo}
						className="font-medium text-indigo-700 underline underline-offset-4 dark:text-indigo-300"
					>
						{copy.without}
					</Link>
				</div>
			</div>
		</LeadLayout>
	)
}
