/**
 * The signed-up flags (SPEC §3, §4, §9): two boolean cookies, one for the workshop and one for
 * the day event, false unless set, lasting one hour. The pages show the signed-up state while
 * they are set.
 */
import type { AppLoadContext } from '@remix-run/node'
import * as cookie from 'cookie'
import { cookieDefaults, readCookies } from './cookies.server'

export const SIGNED_UP_MAX_AGE = 3600

export const SIGNED_UP_COOKIES = {
	workshop: 'workshop_signed_up',
	day_event: 'day_event_signed_up',
} as const

export type SignedUpFlag = keyof typeof SIGNED_UP_COOKIES

export function isSignedUp(request: Request, flag: SignedUpFlag): boolean {
	return readCookies(request)[SIGNED_UP_COOKIES[flag]] === 'true'
}

export function signedUpCookie(flag: SignedUpFlag, context: Pick<AppLoadContext, 'secure'>) {
	return cookie.serialize(SIGNED_UP_COOKIES[flag], 'true', {
		...cookieDefaults(context),
		maxAge: SIGNED_UP_MAX_AGE,
	})
}
