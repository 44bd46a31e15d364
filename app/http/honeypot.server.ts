/**
 * The honeypot on every public form (docs/decisions/063, 073): a field people never see and bots
 * fill (`website`), plus a signed "valid from" time (`from__confirm`: milliseconds, a dot, a
 * truncated HMAC-SHA256 keyed from SESSION_SECRET, so every app server accepts another's form).
 * One HMAC per page instead of remix-utils' crypto-js cipher, which was a large share of a
 * landing page's render; the time is only signed, never secret.
 */
import crypto from 'node:crypto'
import { getConfig } from '~/config.server'

const NAME_FIELD = 'website'
const VALID_FROM_FIELD = 'from__confirm'

/** What `<HoneypotFields>` renders: the field names and the signed time. */
export type HoneypotProps = { nameField: string; validFromField: string; validFrom: string }

let key: Buffer | undefined

function sign(time: string): string {
	key ??= crypto.createHmac('sha256', getConfig().SESSION_SECRET).update('honeypot/v2').digest()
	return crypto.createHmac('sha256', key).update(time).digest('base64url').slice(0, 22)
}

/** The props of the honeypot fields for a form rendered now. */
export function honeypotProps(now = Date.now()): HoneypotProps {
	const time = String(now)
	return {
		nameField: NAME_FIELD,
		validFromField: VALID_FROM_FIELD,
		validFrom: `${time}.${sign(time)}`,
	}
}

function isValidFrom(value: FormDataEntryValue | null, now: number): boolean {
	if (typeof value !== 'string') return false
	const match = /^(\d{1,15})\.([\w-]{22})$/.exec(value)
	if (!match) return false
	const [, time, signature] = match as unknown as [string, string, string]
	const expected = Buffer.from(sign(time))
	return crypto.timingSafeEqual(Buffer.from(signature), expected) && Number(time) <= now
}

/** Throws a 400 response when the honeypot caught a bot; nothing is stored. */
export function checkHoneypot(formData: FormData, now = Date.now()): void {
	// Every form of ours sends both fields: a post without them did not come from our page.
	if (formData.get(NAME_FIELD) !== '' || !isValidFrom(formData.get(VALID_FROM_FIELD), now))
		throw new Response('Form not submitted: it looked automated', { status: 400 })
}
