/**
 * The links that reach one address's mail choices: the unsubscribe and preferences pages
 * (docs/decisions/109) and an event's "stop reminders" (decision 149). Neither expires (an old
 * e-mail's link must still work) and neither grants anything but that address's choices.
 * Changing SESSION_SECRET voids them.
 */
import { foldEmail } from '~/domain/email-address'
import { EMAIL_MAX_LENGTH } from '~/forms/limits'
import { checkLength, seal, unseal } from './sealed.server'

/** The link of an e-mail's unsubscribe and preferences pages, for `email` (normalised). */
export function createUnsubscribeToken(email: string, secret: string): string {
	checkLength(email)
	return seal({ e: foldEmail(email), p: 'unsubscribe' }, secret)
}

/** The address an unsubscribe token names, or null when it is not one we signed. */
export function verifyUnsubscribeToken(
	token: string | null | undefined,
	secret: string,
): string | null {
	const data = unseal(token, secret)
	if (data?.p !== 'unsubscribe' || typeof data.e !== 'string') return null
	return data.e.length > 0 && data.e.length <= EMAIL_MAX_LENGTH ? data.e : null
}

/**
 * The link in an event's e-mails that stops that event's reminders for one address (decision
 * 149): names the address and the event's id, and never expires, like the unsubscribe token (an
 * e-mail read late must still stop what follows). It grants nothing but that address's choices.
 */
export function createRemindersToken(
	claims: { email: string; eventId: string },
	secret: string,
): string {
	checkLength(claims.email)
	return seal({ e: foldEmail(claims.email), v: claims.eventId, p: 'reminders' }, secret)
}

/** The address and event a reminders token names, or null when it is not one we signed. */
export function verifyRemindersToken(
	token: string | null | undefined,
	secret: string,
): { email: string; eventId: string } | null {
	const data = unseal(token, secret)
	if (
		data?.p !== 'reminders' ||
		typeof data.e !== 'string' ||
		data.e.length === 0 ||
		data.e.length > EMAIL_MAX_LENGTH ||
		typeof data.v !== 'string' ||
		data.v.length === 0 ||
		data.v.length > 100
	)
		return null
	return { email: data.e, eventId: data.v }
}
