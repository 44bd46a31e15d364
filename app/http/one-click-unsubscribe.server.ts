/**
 * RFC 8058's one-click unsubscribe (docs/decisions/109): the one form post a mail provider's
 * servers make on a recipient's behalf, with no cookies and any Origin or none, many of them from
 * one address. server.ts exempts it from the Origin check and the rate limit (as it does the
 * payment webhook), as narrowly as it can: a POST, to exactly ONE_CLICK_PATH, with a token we
 * signed. The route then only ever unsubscribes: the safe direction, and only for the address the
 * token names. Any other post there (a forged or missing token) is a form post like any other.
 */
import type { Request } from 'express'
import { ONE_CLICK_PATH } from '~/models/preferences/preferences.server'
import { preferencesLinkOwner } from '~/models/preferences/reminder-stops.server'

export function isOneClickUnsubscribe(req: Pick<Request, 'method' | 'path' | 'originalUrl'>) {
	if (req.method !== 'POST' || req.path !== ONE_CLICK_PATH) return false
	// As the route reads it: the first `token` of the query.
	const token = new URL(req.originalUrl, 'http://site.invalid').searchParams.get('token')
	// News's, or an event's e-mails' (which stops that event's reminders: decision 149).
	return preferencesLinkOwner(token) !== null
}
