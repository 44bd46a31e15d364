/**
 * The sealing under every signed link (docs/decisions/062): a token is `payload.signature`, both
 * base64url, the signature an HMAC-SHA256 over the payload with a key derived from
 * SESSION_SECRET for links alone.
 */
import crypto from 'node:crypto'
import { EMAIL_MAX_LENGTH } from '~/forms/limits'

// One key per use: a token signed for links can never pass as a session cookie or vice versa.
function keyFor(secret: string): Buffer {
	return crypto.createHmac('sha256', secret).update('signed-links/v1').digest()
}

export const sign = (payload: string, secret: string) =>
	crypto.createHmac('sha256', keyFor(secret)).update(payload).digest('base64url')

/** `data` as a token: its JSON, base64url, then the signature. */
export function seal(data: Record<string, unknown>, secret: string): string {
	const payload = Buffer.from(JSON.stringify(data)).toString('base64url')
	return `${payload}.${sign(payload, secret)}`
}

/** The data of a token whose signature verifies, else null. */
export function unseal(token: unknown, secret: string): Record<string, unknown> | null {
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
export function checkLength(email: string) {
	if (email.trim().length > EMAIL_MAX_LENGTH)
		throw new RangeError(`E-mail addresses are at most ${EMAIL_MAX_LENGTH} characters`)
}
