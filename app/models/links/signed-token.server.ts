/**
 * Signed links (docs/decisions/062): one-click sign-up links the course owner puts in e-mails,
 * and the day-event confirmation link. A token is `payload.signature`, both base64url; the
 * payload names the e-mail, the list, the purpose and the expiry (Unix seconds) and the
 * signature is an HMAC-SHA256 over it with a key derived from SESSION_SECRET. Nothing is stored:
 * a token is valid because it verifies and has not expired.
 *
 * The links to an address's mail choices are in `preference-tokens.server.ts`, the sealing under
 * them all in `sealed.server.ts`. Changing SESSION_SECRET voids every token.
 *
 * A link to one thing (an invoice, an order, a waiting-list offer) is a link token
 * (`createLinkToken`, docs/decisions/127): one purpose, one subject, and an expiry where the
 * link should end.
 */
import crypto from 'node:crypto'
import { foldEmail } from '~/domain/email-address'
import { EMAIL_MAX_LENGTH } from '~/forms/limits'
import { LEAD_LISTS, type LeadList } from '~/forms/names'
import { checkLength, seal, sign, unseal } from './sealed.server'

export type TokenPurpose = 'signup' | 'confirm'

type TokenClaims = { email: string; list: LeadList; purpose: TokenPurpose; expiresAt: Date }

export type VerifyResult =
	| { ok: true; claims: TokenClaims }
	| { ok: false; reason: 'invalid' | 'expired' }

export { TOKEN_MESSAGES } from '~/forms/messages'

export function createToken(
	claims: { email: string; list: LeadList; purpose: TokenPurpose; ttlSeconds: number },
	secret: string,
	now = Date.now(),
): string {
	checkLength(claims.email)
	return seal(
		{
			e: foldEmail(claims.email),
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

/**
 * What a day-event joining link opens (docs/decisions/155): the live stream every registrant
 * has, or a pass's rooms as well. A workshop session's links name no access: it has one room.
 */
export type JoinAccess = 'stream' | 'pass'
const JOIN_ACCESS: readonly string[] = ['stream', 'pass'] satisfies JoinAccess[]

/**
 * The joining link of an event for one registrant (docs/decisions/116): names the address and
 * the event's id, and expires when `expiresAt` (a day after the event ends) has passed. The page
 * it opens shows the event's joining link only while the address is still registered. A day
 * event's names the access it was signed for (`k`, decision 155): a registrant's link never
 * opens a pass's rooms.
 */
export function createJoinToken(
	claims: { email: string; eventId: string; expiresAt: Date; access?: JoinAccess },
	secret: string,
): string {
	checkLength(claims.email)
	return seal(
		{
			e: foldEmail(claims.email),
			v: claims.eventId,
			p: 'join',
			x: Math.floor(claims.expiresAt.getTime() / 1000),
			...(claims.access ? { k: claims.access } : {}),
		},
		secret,
	)
}

export type JoinTokenResult =
	| { ok: true; email: string; eventId: string; access?: JoinAccess }
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
		typeof data.x !== 'number' ||
		(data.k !== undefined && !JOIN_ACCESS.includes(data.k as string))
	)
		return { ok: false, reason: 'invalid' }
	if (data.x * 1000 <= now) return { ok: false, reason: 'expired' }
	return {
		ok: true,
		email: data.e,
		eventId: data.v,
		...(data.k ? { access: data.k as JoinAccess } : {}),
	}
}

/**
 * What a link signed for one subject is for (docs/decisions/127). A token made for one purpose
 * verifies for no other, nor as any other kind of token here.
 * - `invoice`: an invoice's page and PDF (decision 115); subject the invoice id; never expires.
 * - `order`: the receipt's link to its order page (decision 118), which makes the browser that
 *   opens it the buyer's; subject the order id; never expires, like the receipt's seat links.
 * - `waitlist-offer`: a waiting-list offer's page (decision 120); subject the offer's order id;
 *   expires when the offer's hold as offered ends.
 * - `workshop-move`: moves a workshop sign-up to another session (decision 131); subject the
 *   lead's id and the session's, `<lead>_<session>`; expires after 48 hours or when that session
 *   starts, whichever is first.
 * - `waitlist-confirm`: the link that confirms a waiting-list entry's address (decision 130);
 *   subject the entry's id; expires with the unconfirmed entry.
 * - `owner-sign-in`: signs its follower in as the owner, once (decision 151); subject a random
 *   nonce; expires an hour after it is printed.
 * - `upgrade-credit`: spends a day pass's upgrade credit on the course (decision 165); subject
 *   the pass and a hash of the address holding it when the link was mailed; expires with the
 *   credit's window.
 * - `pay-by-card`: a delayed payment that failed or never came (decision 164): the page that
 *   starts a card checkout for the same items; subject the order id; expires after 30 days.
 * - `certificate`: a certificate of attendance's public verification page (decision 172);
 *   subject the certificate's id; never expires (a withdrawn one is refused by its row).
 * - `gift-change`: the gift buyer's page to change its recipient, message or day (decision 166),
 *   until the seat is claimed; subject the order id; never expires (the claim ends it).
 * - `checkout-handover`: takes the browser that started a checkout outside `/checkout` (an
 *   upgrade link, a waiting-list offer) to its queue page, which adds the order to the browser's
 *   `checkouts` cookie (decision 182); subject the order id; expires after ten minutes.
 */
export const LINK_PURPOSES = [
	'certificate',
	'checkout-handover',
	'invoice',
	'order',
	'owner-sign-in',
	'upgrade-credit',
	'pay-by-card',
	'gift-change',
	'waitlist-offer',
	'waitlist-confirm',
	'workshop-move',
] as const
export type LinkPurpose = (typeof LINK_PURPOSES)[number]

/** The ids a link may name (order and invoice ids, decision 068): nothing else goes in one. */
const LINK_SUBJECT = /^[A-Za-z0-9_-]{1,64}$/

export type LinkTokenResult =
	| { ok: true; subject: string }
	| { ok: false; reason: 'invalid' }
	| { ok: false; reason: 'expired'; subject: string }

/**
 * A link's token for `subject` and `purpose`: `{o, p}` (then `x`, the expiry in Unix seconds,
 * unless it never expires) sealed with the links' key. A link that never expires has the very
 * bytes the order and offer links had before decision 127, so links already sent still open.
 */
export function createLinkToken(
	link: { purpose: LinkPurpose; subject: string; expiresAt: Date | 'never' },
	secret: string,
): string {
	if (!LINK_SUBJECT.test(link.subject))
		throw new RangeError('A signed link names an id of letters, digits, - and _ only')
	return seal(
		{
			o: link.subject,
			p: link.purpose,
			...(link.expiresAt === 'never' ? {} : { x: Math.floor(link.expiresAt.getTime() / 1000) }),
		},
		secret,
	)
}

/**
 * The subject of a `purpose` link we signed, while it has not expired; an expired one says
 * whose it was (it is still ours), so a page can tell the visitor what ended.
 */
export function verifyLinkToken(
	token: string | null | undefined,
	purpose: LinkPurpose,
	secret: string,
	now = Date.now(),
): LinkTokenResult {
	const data = unseal(token, secret)
	if (
		data?.p !== purpose ||
		typeof data.o !== 'string' ||
		!LINK_SUBJECT.test(data.o) ||
		(data.x !== undefined && typeof data.x !== 'number')
	)
		return { ok: false, reason: 'invalid' }
	if (typeof data.x === 'number' && data.x * 1000 <= now)
		return { ok: false, reason: 'expired', subject: data.o }
	return { ok: true, subject: data.o }
}

/**
 * Whether `sig` opens invoice `id`: an invoice link token for it, or the bare signature of
 * `invoice:<id>` that invoice links carried before decision 127 (sent in receipts, which are
 * kept for years: they must keep opening).
 */
export function verifyInvoiceLink(
	id: string,
	sig: string | null | undefined,
	secret: string,
): boolean {
	if (typeof sig !== 'string') return false
	if (sig.includes('.')) {
		const link = verifyLinkToken(sig, 'invoice', secret)
		return link.ok && link.subject === id
	}
	if (sig.length > 128) return false
	const expected = Buffer.from(sign(`invoice:${id}`, secret))
	const given = Buffer.from(sig)
	return expected.length === given.length && crypto.timingSafeEqual(expected, given)
}
