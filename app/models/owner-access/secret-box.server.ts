/**
 * Secrets the server must read back (an owner's authenticator secret, docs/decisions/136),
 * stored encrypted: AES-256-GCM with a random nonce, under a key derived from SESSION_SECRET for
 * this use only. A database copy alone does not give the secrets away; a changed SESSION_SECRET
 * makes them unreadable (the owner sets the authenticator up again).
 */
import crypto from 'node:crypto'

const NONCE_BYTES = 12
const TAG_BYTES = 16

const keyFor = (secret: string) =>
	crypto.createHmac('sha256', secret).update('owner-second-factor/v1/encrypt').digest()

export function sealSecret(plain: string, secret: string): string {
	const nonce = crypto.randomBytes(NONCE_BYTES)
	const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(secret), nonce)
	const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
	return `v1.${Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64url')}`
}

/** The plain secret, or null for anything altered or sealed under another SESSION_SECRET. */
export function openSecret(box: string, secret: string): string | null {
	if (!box.startsWith('v1.')) return null
	const bytes = Buffer.from(box.slice(3), 'base64url')
	if (bytes.length <= NONCE_BYTES + TAG_BYTES) return null
	try {
		const decipher = crypto.createDecipheriv(
			'aes-256-gcm',
			keyFor(secret),
			bytes.subarray(0, NONCE_BYTES),
		)
		decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES))
		return Buffer.concat([
			decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)),
			decipher.final(),
		]).toString('utf8')
	} catch {
		return null
	}
}
