/**
 * Signed links (docs/decisions/062): one-click sign-up links the course owner puts in e-mails,
 * and the day-event confirmation link. A token is `payload.signature`, both base64url; the
 * payload names the e-mail, the list, the purpose and the expiry (Unix seconds) and the
 * signature is an HMAC-SHA256 over it with a key derived from SESSION_SECRET. Nothing is stored:
 * a token is valid because it verifies and has not expired.
 *
 * An unsubscribe token (docs/decisions/109) names only the address and its purpose, and never
 * expires: the link in an old e-mail must still unsubscribe (it grants nothing but that address's
 * mail preferences). Changing SESSION_SECRET voids every token.
 */
import crypto from 'node:crypto'
import { EMAIL_MAX_LENGTH } from '~/forms/limits'
import { LEAD_LISTS, type LeadList } from '~/forms/names'

export type TokenPurpose = 'signup' | 'confirm'

type TokenClaims = { email: string; list: LeadList; purpose: TokenPurpose; expiresAt: Date }

export type VerifyResult =
	| { ok: true; claims: TokenClaims }
	| { ok: false; reason: 'invalid' | 'expired' }

export { TOKEN_MESSAGES } from '~/forms/messages'

// One key per use: a token signed for links can never pass as a session cookie or vice versa.
function keyFor(secret: string): Buffer {
	return crypto.createHmac('sha256', secret).update('signed-links/v1').digest()
}

const sign = (payload: string, secret: string) =>
	crypto.createHmac('sha256', keyFor(secret)).update(payload).digest('base64url')

/** `data` as a token: its JSON, base64url, then the signature. */
function seal(data: Record<string, unknown>, secret: string): string {
	const payload = Buffer.from(JSON.stringify(data)).toString('base64url')
	return `${payload}.${sign(payload, secret)}`
}

/** The data of a token whose signature verifies, else null. */
function unseal(token: unknown, secret: string): Record<string, unknown> | null {
	if (typeof token !== 'string' || token.length > 1024) return null
	const [payload, signature, ...rest] = token.split('.')
	if (!payload || !signature || rest.length > 0) return null
	const expected = Buffer.from(sign(payload, secret))
	const given = Buffer.from(signature)
	if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null
	try {
		const data: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
		return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null
	} catch {
		return null
	}
}

/** No address longer than SMTP carries ever goes into a link, or from one into the database. */
function checkLength(email: string) {
	if (email.trim().length > EMAIL_MAX_LENGTH)
		throw new RangeError(`E-mail addresses are at most ${EMAIL_MAX_LENGTH} characters`)
}

export function createToken(
	claims: { email: string; list: LeadList; purpose: TokenPurpose; ttlSeconds: number },
	secret: string,
	now = Date.now(),
): string {
	checkLength(claims.email)
	return seal(
		{
			e: claims.email.trim().toLowerCase(),
			l: claims.list,
			p: claims.purpose,
			x: Math.floor(now / 1000) + claims.ttlSeconds,
		},
		secret,
	)
}

export function verifyToken(
	token: string | null | undefined,
	purpose: TokenPurpose,
	secret: string,
	now = Date.now(),
): VerifyResult {
	const data = unseal(token, secret)
	if (
		data === null ||
		typeof data.e !== 'string' ||
		data.e.length > EMAIL_MAX_LENGTH ||
		!LEAD_LISTS.includes(data.l as LeadList) ||
		data.p !== purpose ||
		typeof data.x !== 'number'
	)
		return { ok: false, reason: 'invalid' }
	if (data.x * 1000 <= now) return { ok: false, reason: 'expired' }
	return {
		ok: true,
		claims: {
			email: data.e,
			list: data.l as LeadList,
			purpose,
			expiresAt: new Date(data.x * 1000),
		},
	}
}

/** The link of an e-mail's unsubscribe and preferences pages, for `email` (normalised). */
export function createUnsubscribeToken(email: string, secret: string): string {
	checkLength(email)
	return seal({ e: email.trim().toLowerCase(), p: 'unsubscribe' }, secret)
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
 * A link to one document that never expires (an invoice, docs/decisions/115): the signature of
 * `purpose:value` with the links' key, so a link's id cannot be swapped for another's.
 */
export function signReference(purpose: 'invoice', value: string, secret: string): string {
	return sign(`${purpose}:${value}`, secret)
}

export function verifyReference(
	purpose: 'invoice',
	value: string,
	signature: string | null | undefined,
	secret: string,
): boolean {
	if (typeof signature !== 'string' || signature.length > 128) return false
	const expected = Buffer.from(signReference(purpose, value, secret))
	const given = Buffer.from(signature)
	return expected.length === given.length && crypto.timingSafeEqual(expected, given)
}

/**
 * The receipt's link to its order page (docs/decisions/118): it makes the browser that opens it
 * the buyer's, so a buyer on another device sees who claimed which seat or pass. It names only
 * the order and its purpose, and never expires, like the receipt it is in (whose seat and pass
 * links grant as much).
 */
export function createOrderToken(orderId: string, secret: string): string {
	return seal({ o: orderId, p: 'order' }, secret)
}

/** Whether `token` is the order link we signed for `orderId`. */
export function verifyOrderToken(
	token: string | null | undefined,
	orderId: string,
	secret: string,
): boolean {
	const data = unseal(token, secret)
	return data?.p === 'order' && typeof data.o === 'string' && data.o === orderId
}

/**
 * The joining link of an event for one registrant (docs/decisions/116): names the address and
 * the event's id, and expires when `expiresAt` (a day after the event ends) has passed. The page
 * it opens shows the event's joining link only while the address is still registered.
 */
export function createJoinToken(
	claims: { email: string; eventId: string; expiresAt: Date },
	secret: string,
): string {
	checkLength(claims.email)
	return seal(
		{
			e: claims.email.trim().toLowerCase(),
			v: claims.eventId,
			p: 'join',
			x: Math.floor(claims.expiresAt.getTime() / 1000),
		},
		secret,
	)
}

export type JoinTokenResult =
	| { ok: true; email: string; eventId: string }
	| { ok: false; reason: 'invalid' | 'expired' }

/** The address and event a joining link names, if we signed it and it has not expired. */
export function verifyJoinToken(
	token: string | null | undefined,
	secret: string,
	now = Date.now(),
): JoinTokenResult {
	const data = unseal(token, secret)
	if (
		data?.p !== 'join' ||
		typeof data.e !== 'string' ||
		data.e.length === 0 ||
		data.e.length > EMAIL_MAX_LENGTH ||
		typeof data.v !== 'string' ||
		typeof data.x !== 'number'
	)
		return { ok: false, reason: 'invalid' }
	if (data.x * 1000 <= now) return { ok: false, reason: 'expired' }
	return { ok: true, email: data.e, eventId: data.v }
}

/**
 * The link of a waiting-list offer (docs/decisions/120): it names the offer's order only. What it
 * grants (paying for the seats held) ends with the order's hold, which the database keeps, so
 * the token itself needs no expiry.
 */
export function createOfferToken(orderId: string, secret: string): string {
	return seal({ o: orderId, p: 'waitlist-offer' }, secret)
}

/** The order an offer token names, or null when it is not one we signed. */
export function verifyOfferToken(token: string | null | undefined, secret: string): string | null {
	const data = unseal(token, secret)
	if (data?.p !== 'waitlist-offer' || typeof data.o !== 'string') return null
	return /^[A-Za-z0-9_-]{1,64}$/.test(data.o) ? data.o : null
}
