/**
 * Every cookie the site reads or sets, declared once: name, lifetime and flags
 * (docs/decisions/066). Two kinds with one shape (`read`, `serialize`, `clear`):
 * - plain cookies hold a value as is, for what browsers, scripts or testers read or write by
 *   hand: the SPEC's flags (§3, §6), the referral data (§3), colour mode, locale, preview token;
 * - signed cookies hold JSON signed with SESSION_SECRET through Remix's `createCookie`: the
 *   session, the flash toast, the OAuth state, the preview token and the checkouts this browser
 *   started.
 * Nothing else in app/ imports the `cookie` package or `createCookie` (biome.json's
 * noRestrictedImports keeps it so).
 */
import { type AppLoadContext, type CookieOptions, createCookie } from '@remix-run/node'
import * as cookie from 'cookie'
import { getConfig } from '~/config.server'
import {
	MARKETING_COOKIE,
	MARKETING_MAX_AGE,
	PARTNER_KEY_COOKIE,
	REFERRAL_MAX_AGE,
	REFERRAL_URL_COOKIE,
} from '~/domain/attribution'
import { LOCALES } from '~/domain/locale'
import { type ColorMode, DEFAULT_COLOR_MODE, isColorMode } from '~/utils/color-mode'
import { LOCALE_COOKIE, LOCALE_TAGS } from '~/utils/i18n'

type Secure = Pick<AppLoadContext, 'secure'>
type Options = Pick<CookieOptions, 'path' | 'maxAge' | 'httpOnly' | 'sameSite'> & {
	/** Secure whatever the request: SameSite=None asks for it. */
	alwaysSecure?: boolean
}

const ONE_HOUR = 60 * 60
const THIRTY_DAYS = 30 * 24 * ONE_HOUR
const ONE_YEAR = 365 * 24 * ONE_HOUR

/** HttpOnly unless the browser must read it, Secure behind HTTPS, SameSite=Lax, whole site. */
function attributes({ alwaysSecure, ...options }: Options, context: Secure) {
	return {
		path: '/',
		httpOnly: true,
		sameSite: 'lax' as const,
		...options,
		secure: alwaysSecure || context.secure,
	}
}

const expired = { maxAge: 0, expires: new Date(0) }

/** What a cookie is read from: a request (its headers are enough), or its Cookie header. */
type CookieSource = Pick<Request, 'headers'> | string | undefined

/** Cookies by name, from a request or its Cookie header. */
function readCookies(from: CookieSource): Record<string, string | undefined> {
	const header = typeof from === 'string' || from === undefined ? from : from.headers.get('cookie')
	return cookie.parse(header ?? '')
}

function plainCookie(name: string, options: Options = {}) {
	return {
		name,
		read: (from: CookieSource): string | undefined => readCookies(from)[name],
		serialize: (value: string, context: Secure) =>
			cookie.serialize(name, value, attributes(options, context)),
		clear: (context: Secure) =>
			cookie.serialize(name, '', { ...attributes(options, context), ...expired }),
	}
}

function signedCookie<Value>(name: string, options: Options) {
	const remixCookie = (context: Secure) =>
		createCookie(name, { ...attributes(options, context), secrets: [getConfig().SESSION_SECRET] })
	return {
		name,
		/** The Remix cookie itself, for createCookieSessionStorage. */
		remixCookie,
		/** The verified value; null when missing, and when tampered or signed with another secret. */
		read: async (request: Request): Promise<unknown> =>
			(await remixCookie({ secure: false }).parse(request.headers.get('cookie'))) ?? null,
		serialize: (value: Value, context: Secure, path?: string) =>
			remixCookie(context).serialize(value, path ? { path } : undefined),
		clear: (context: Secure) => remixCookie(context).serialize('', expired),
	}
}

export const cookies = {
	colorMode: plainCookie('color-mode', { maxAge: ONE_YEAR }),
	/** The tester switch (SPEC §6): set by hand, never by the site. */
	beta: plainCookie('beta'),
	/** The signed-up flags (SPEC §3, §4, §9): "true" for one hour. */
	signedUp: {
		workshop: plainCookie('workshop_signed_up', { maxAge: ONE_HOUR }),
		day_event: plainCookie('day_event_signed_up', { maxAge: ONE_HOUR }),
	},
	/**
	 * The preview token (SPEC §2, §9): signed, so only the site can turn preview on
	 * (docs/decisions/068); SameSite=None and Secure, so previews also work inside an editor's
	 * frame. For the browser session only.
	 */
	preview: signedCookie<unknown>('preview', { sameSite: 'none', alwaysSecure: true }),
	/** Written by the browser too (components/document-extras.tsx), hence readable there. */
	locale: plainCookie(LOCALE_COOKIE.name, { maxAge: LOCALE_COOKIE.maxAge, httpOnly: false }),
	/** Readable by the page: the partner script's signup call sends both (SPEC §7). */
	partnerKey: plainCookie(PARTNER_KEY_COOKIE, { maxAge: REFERRAL_MAX_AGE, httpOnly: false }),
	referralUrl: plainCookie(REFERRAL_URL_COOKIE, { maxAge: REFERRAL_MAX_AGE, httpOnly: false }),
	marketing: plainCookie(MARKETING_COOKIE, { maxAge: MARKETING_MAX_AGE }),
	/** A minute is plenty: it only has to survive the redirect that follows an action. */
	toast: signedCookie<unknown>('toast', { maxAge: 60 }),
	/** Lax: the callback is a top-level navigation from GitHub, which Lax cookies survive. */
	oauthState: signedCookie<unknown>('github-oauth', { path: '/login/github', maxAge: 10 * 60 }),
	/** The signed cookie session (docs/decisions/042). */
	session: signedCookie<unknown>('session', { maxAge: THIRTY_DAYS }),
	/**
	 * The orders this browser started (docs/decisions/068): only it is shown their passes and
	 * e-mail address, and only it may cancel them from the provider's cancel link. Lax: the
	 * provider sends the buyer back with a top-level navigation. Written at every path of
	 * CHECKOUT_COOKIE_PATHS, the first of them declared here.
	 */
	checkouts: signedCookie<string[]>('checkouts', { path: '/checkout', maxAge: THIRTY_DAYS }),
}

export function getColorMode(request: Pick<Request, 'headers'>): ColorMode {
	const value = cookies.colorMode.read(request)
	return isColorMode(value) ? value : DEFAULT_COLOR_MODE
}

/** The tester switch (SPEC §6): any non-empty value but 0 or false turns it on. */
export function hasBetaFlag(request: Pick<Request, 'headers'>): boolean {
	const value = cookies.beta.read(request)
	return value !== undefined && !['', '0', 'false'].includes(value)
}

export type SignedUpFlag = keyof typeof cookies.signedUp

/** The signed-up flags default to false (SPEC §4). */
export function isSignedUp(request: Pick<Request, 'headers'>, flag: SignedUpFlag): boolean {
	return cookies.signedUp[flag].read(request) === 'true'
}

export function signedUpCookie(flag: SignedUpFlag, context: Secure): string {
	return cookies.signedUp[flag].serialize('true', context)
}

/** The newest checkouts a browser remembers: enough for any buyer, ~0.6 KB once signed. */
const REMEMBERED_CHECKOUTS = 20

async function checkoutsOf(request: Request): Promise<string[]> {
	const value = await cookies.checkouts.read(request)
	return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
}

/** Whether this browser started checkout `id` (its signed `checkouts` cookie lists it). */
export async function startedHere(request: Request, id: string): Promise<boolean> {
	return (await checkoutsOf(request)).includes(id)
}

/**
 * Where the checkouts cookie lives: the checkout's pages in each language, `/checkout` and its
 * German twins' `/de/checkout` (docs/decisions/176). The same value is written at every path each
 * time, so each language's pages read the same list. Never `/`: a cookie every page receives
 * would make every page personal, and the page cache would store none (`hasPersonalCookie`).
 */
const CHECKOUT_COOKIE_PATHS = LOCALES.map((locale) => `${LOCALE_TAGS[locale].prefix}/checkout`)

/**
 * The Set-Cookie headers adding checkout `id` to this browser's list, newest first: one per path
 * of CHECKOUT_COOKIE_PATHS, as header pairs to spread into a response's headers.
 */
export async function rememberCheckout(
	request: Request,
	id: string,
	context: Secure,
): Promise<[string, string][]> {
	const ids = [id, ...(await checkoutsOf(request)).filter((known) => known !== id)]
	const value = ids.slice(0, REMEMBERED_CHECKOUTS)
	return Promise.all(
		CHECKOUT_COOKIE_PATHS.map(
			async (path) =>
				['Set-Cookie', await cookies.checkouts.serialize(value, context, path)] as [string, string],
		),
	)
}
