/**
 * The opaque reference in a person's page URL, /admin/people/<ref> (docs/decisions/114): the
 * page is about an e-mail address, and an address in a path would reach access logs, proxies,
 * browser history and Referer headers. The reference is the address encrypted (AES-256-GCM)
 * with a key derived from SESSION_SECRET; its nonce is an HMAC of the address, so one address
 * always has one reference (a link stays the same link) and equal references reveal only that
 * two links name the same person. Anything altered, or made with another secret, reads as null.
 */
import crypto from 'node:crypto'
import { getConfig } from '~/config.server'
import { EMAIL_MAX_LENGTH } from '~/forms/limits'

const NONCE_BYTES = 12
const TAG_BYTES = 16
// Longest reference an address of EMAIL_MAX_LENGTH UTF-8 bytes makes, base64url.
const MAX_REF_LENGTH = Math.ceil(((NONCE_BYTES + TAG_BYTES + EMAIL_MAX_LENGTH * 4) * 4) / 3)

// One key per use, as signed links do: this key signs and encrypts nothing else.
function keysFor(secret: string) {
	const key = (label: string) => crypto.createHmac('sha256', secret).update(label).digest()
	return { encrypt: key('admin-person-ref/v1/encrypt'), nonce: key('admin-person-ref/v1/nonce') }
}

export function personRef(email: string, secret: string): string {
	const keys = keysFor(secret)
	const plain = Buffer.from(email, 'utf8')
	const nonce = crypto
		.createHmac('sha256', keys.nonce)
		.update(plain)
		.digest()
		.subarray(0, NONCE_BYTES)
	const cipher = crypto.createCipheriv('aes-256-gcm', keys.encrypt, nonce)
	const sealed = Buffer.concat([cipher.update(plain), cipher.final()])
	return Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64url')
}

/** The address `ref` names, or null for anything that is not a reference this site made. */
export function emailOfPersonRef(ref: string, secret: string): string | null {
	if (ref.length > MAX_REF_LENGTH || !/^[A-Za-z0-9_-]+$/.test(ref)) return null
	const bytes = Buffer.from(ref, 'base64url')
	if (bytes.length <= NONCE_BYTES + TAG_BYTES) return null
	const keys = keysFor(secret)
	try {
		const decipher = crypto.createDecipheriv(
			'aes-256-gcm',
			keys.encrypt,
			bytes.subarray(0, NONCE_BYTES),
		)
		decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES))
		const plain = Buffer.concat([
			decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)),
			decipher.final(),
		])
		return plain.toString('utf8')
	} catch {
		return null
	}
}

/** The dashboard's page about `email`. */
export const personPath = (email: string) =>
	`/admin/people/${personRef(email, getConfig().SESSION_SECRET)}`

/** The address a person's page names, or null. */
export const emailOfPersonPage = (ref: string) => emailOfPersonRef(ref, getConfig().SESSION_SECRET)
