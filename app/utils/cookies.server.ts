import type { AppLoadContext } from '@remix-run/node'
import * as cookie from 'cookie'
import { type ColorMode, DEFAULT_COLOR_MODE, isColorMode } from './color-mode'

const ONE_YEAR = 365 * 24 * 60 * 60

/**
 * Defaults for every cookie we set: HttpOnly unless the browser must read it, Secure behind
 * HTTPS, SameSite=Lax, whole site.
 */
export function cookieDefaults(context: Pick<AppLoadContext, 'secure'>) {
	return { path: '/', httpOnly: true, sameSite: 'lax', secure: context.secure } as const
}

export function readCookies(request: Request): Record<string, string | undefined> {
	return cookie.parse(request.headers.get('cookie') ?? '')
}

export const COLOR_MODE_COOKIE = 'color-mode'

export function getColorMode(request: Request): ColorMode {
	const value = readCookies(request)[COLOR_MODE_COOKIE]
	return isColorMode(value) ? value : DEFAULT_COLOR_MODE
}

export function serializeColorMode(mode: ColorMode, context: Pick<AppLoadContext, 'secure'>) {
	return cookie.serialize(COLOR_MODE_COOKIE, mode, { ...cookieDefaults(context), maxAge: ONE_YEAR })
}

/** The tester switch (SPEC §6): any non-empty value but 0 or false turns it on. */
export function hasBetaFlag(request: Request): boolean {
	const value = readCookies(request).beta
	return value !== undefined && !['', '0', 'false'].includes(value)
}
