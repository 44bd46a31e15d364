/**
 * Where an English URL sends a visitor who reads German (docs/decisions/173). A page's language
 * is its URL's (/de/... is German); before any page, and before the page cache, this decides
 * whether to send the visitor to the German twin:
 * 1. `?lang=de` or `?lang=en` (the language switch, a plain link): the locale cookie is set and
 *    the visitor goes to the page in that language, without the parameter;
 * 2. the locale cookie (SPEC §9), once a visitor has one: de-DE sends English URLs to /de;
 * 3. on a first visit only (no cookie yet), Accept-Language when it puts German before English.
 *    A bot is never redirected: a crawler reads each URL as it is.
 * A cookie naming a locale the site does not ship is SPEC §8's 'Failed locale loading': logged,
 * and the page stays English (the page's own script replaces the cookie).
 * Redirects go through the one safe-redirect helper and are never stored by a shared cache.
 */
import type { RequestHandler } from 'express'
import { isLocale, type Locale } from '~/domain/locale'
import { log } from '~/log.server'
import {
	isTranslatedPage,
	localeLoadFailure,
	localeOfPath,
	localePath,
	unprefixedPath,
} from '~/utils/i18n'
import { isBot } from './bot.server'
import { cookies } from './cookies.server'
import { sameSitePath } from './redirect'
import type { RequestFacts } from './request.server'

const SWITCH_PARAM = 'lang'
const SWITCH_VALUES: Record<string, Locale> = { en: 'en-US', de: 'de-DE' }

/**
 * The locale Accept-Language prefers among ours, or null when it names neither: languages by
 * weight (`q`), the first whose primary tag we ship wins (`de-AT` is German, `en-GB` English).
 */
export function preferredLocale(acceptLanguage: string | undefined): Locale | null {
	if (!acceptLanguage) return null
	const ranked = acceptLanguage
		.split(',')
		.slice(0, 20)
		.map((part, order) => {
			const [tag = '', ...params] = part.trim().split(';')
			const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean)
			return { language: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q) : 1, order }
		})
		.filter(({ q }) => q > 0 && q <= 1)
		.sort((a, b) => b.q - a.q || a.order - b.order)
	for (const { language } of ranked) {
		if (language === 'de') return 'de-DE'
		if (language === 'en') return 'en-US'
	}
	return null
}

/** Where the request should go instead, with the cookie to set, or null to serve it as it is. */
export function localeRedirect(
	url: URL,
	headers: { cookie?: string; acceptLanguage?: string; userAgent?: string },
): { location: string; setLocale?: Locale } | null {
	const switchTo = url.searchParams.get(SWITCH_PARAM)
	const english = unprefixedPath(url.pathname)
	// Only a page with a German twin switches: any other URL (an API, a file) is left alone.
	if (switchTo !== null && isTranslatedPage(english)) {
		const locale = SWITCH_VALUES[switchTo]
		const target = new URL(url)
		target.searchParams.delete(SWITCH_PARAM)
		if (locale) target.pathname = localePath(english, locale)
		return {
			location: sameSitePath(`${target.pathname}${target.search}`),
			...(locale ? { setLocale: locale } : {}),
		}
	}
	if (localeOfPath(url.pathname) !== 'en-US' || !isTranslatedPage(url.pathname)) return null
	const stored = cookies.locale.read(headers.cookie)
	let wanted: Locale | null = null
	if (stored !== undefined) {
		const failure = localeLoadFailure(stored)
		if (failure) log.warn(`Failed locale loading: ${failure}`)
		wanted = isLocale(stored) ? stored : null
	} else if (headers.userAgent && !isBot(headers.userAgent)) {
		wanted = preferredLocale(headers.acceptLanguage)
	}
	if (wanted !== 'de-DE') return null
	return { location: sameSitePath(`${localePath(url.pathname, wanted)}${url.search}`) }
}

/** The middleware: GET and HEAD only (a form post is answered where it was sent). */
export function localeMiddleware(
	facts: (req: Parameters<RequestHandler>[0]) => Pick<RequestFacts, 'origin' | 'secure'>,
): RequestHandler {
	return (req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const { origin, secure } = facts(req)
		const redirect = localeRedirect(new URL(req.originalUrl, origin), {
			cookie: req.get('cookie'),
			acceptLanguage: req.get('accept-language'),
			userAgent: req.get('user-agent'),
		})
		if (!redirect) return next()
		if (redirect.setLocale)
			res.append('Set-Cookie', cookies.locale.serialize(redirect.setLocale, { secure }))
		// This visitor's own answer: no shared cache may hand it to the next one.
		res.set('Cache-Control', 'private, no-store')
		res.append('Vary', 'Cookie, Accept-Language')
		res.redirect(302, redirect.location)
	}
}
