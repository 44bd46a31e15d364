/**
 * One-click sign-up links (docs/decisions/062): `?signup=TOKEN` on `/`,
 * `/onboarding`, `/post-insiders-survey` and `/ai-driven-development-day`. The page's loader
 * reads the link; the form it renders posts to /signup/one-click.
 */
import { getConfig } from '~/config.server'
import type { Locale } from '~/domain/locale'
import type { LeadList } from '~/forms/names'
import { createToken, TOKEN_MESSAGES, verifyToken } from '~/models/links/signed-token.server'
import { localeOfPath } from '~/utils/i18n'

const LIST_LABELS: Record<Locale, Record<LeadList, string>> = {
	'en-US': {
		// True before and after the course opens (decision 156): no "pre-order" here.
		course: 'AI Driven Dev course news',
		workshop: 'the free workshop',
		day_event: 'AI Driven Development Day',
		onboarding: 'the course onboarding',
		insiders_survey: 'the insiders survey',
	},
	'de-DE': {
		course: 'die Neuigkeiten zum Kurs AI Driven Dev',
		workshop: 'den kostenlosen Workshop',
		day_event: 'den AI Driven Development Day',
		onboarding: 'das Onboarding des Kurses',
		insiders_survey: 'die Umfrage für Insider',
	},
}

export type OneClickLinkData =
	| { ok: true; token: string; email: string; label: string }
	| { ok: false; message: string }

/**
 * The one-click link in a page's `?signup=` parameter, or null when there is none; the list named
 * in the page's language (the refusal's message is translated where it is shown).
 */
export function readOneClickLink(url: URL): OneClickLinkData | null {
	const token = url.searchParams.get('signup')
	if (token === null) return null
	const result = verifyToken(token, 'signup', getConfig().SESSION_SECRET)
	if (!result.ok) return { ok: false, message: TOKEN_MESSAGES[result.reason] }
	const label = LIST_LABELS[localeOfPath(url.pathname)][result.claims.list]
	return { ok: true, token, email: result.claims.email, label }
}

/** A one-click link for `email` on `list`, valid for SIGNUP_LINK_TTL seconds. */
export function createSignupLink(
	origin: string,
	email: string,
	list: LeadList,
	page: string,
): string {
	const config = getConfig()
	const token = createToken(
		{ email, list, purpose: 'signup', ttlSeconds: config.SIGNUP_LINK_TTL },
		config.SESSION_SECRET,
	)
	return `${origin}${page}?signup=${token}`
}
