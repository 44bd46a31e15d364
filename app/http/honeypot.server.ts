/**
 * The honeypot on every public form (docs/decisions/063, 073): a field people never see and bots
 * fill (`website`), plus a signed "valid from" time (`from__confirm`: milliseconds, a dot, 11
 * random URL-safe characters (66 bits, from nanoid's pool of random bytes), a dot, a truncated HMAC-SHA256 of both keyed from SESSION_SECRET, so every app
 * server accepts another's form). The random part makes each token unique (decision 137): two
 * answers in one millisecond must not share the one submission a token is good for.
 * One HMAC per page instead of remix-utils' crypto-js cipher, which was a large share of a
 * landing page's render; the time is only signed, never secret.
 * A token is good for one submission and for HONEYPOT_MAX_AGE_MS (docs/decisions/137): every
 * answer gets its own, cached pages included (the page cache stamps a fresh one), and the
 * sign-up models record each token used (app/models/leads/form-tokens.server.ts).
 */
import crypto from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { nanoid } from 'nanoid'
import { getConfig } from '~/config.server'
import { HONEYPOT_MAX_AGE_MS } from '~/models/leads/form-tokens.server'

const NAME_FIELD = 'website'
const VALID_FROM_FIELD = 'from__confirm'

/** What `<HoneypotFields>` renders: the field names and the signed time. */
export type HoneypotProps = { nameField: string; validFromField: string; validFrom: string }

let key: Buffer | undefined

function sign(timeAndNonce: string): string {
	key ??= crypto.createHmac('sha256', getConfig().SESSION_SECRET).update('honeypot/v3').digest()
	return crypto.createHmac('sha256', key).update(timeAndNonce).digest('base64url').slice(0, 22)
}

/** The props of the honeypot fields for a form rendered now. */
export function honeypotProps(now = Date.now()): HoneypotProps {
	const signed = `${now}.${nanoid(11)}`
	return {
		nameField: NAME_FIELD,
		validFromField: VALID_FROM_FIELD,
		validFrom: `${signed}.${sign(signed)}`,
	}
}

/**
 * The honeypot props of the page this request renders: one token per answer, recorded on the
 * load context (every loader of the page gets the same), where the page cache finds the string
 * to cut its stored markup at and stamps the next visitor's own (decision 137).
 */
export function pageHoneypot(context: Pick<AppLoadContext, 'honeypotValidFrom'>): HoneypotProps {
	context.honeypotValidFrom ??= honeypotProps().validFrom
	return {
		nameField: NAME_FIELD,
		validFromField: VALID_FROM_FIELD,
		validFrom: context.honeypotValidFrom,
	}
}

function isValidFrom(value: FormDataEntryValue | null, now: number): value is string {
	if (typeof value !== 'string') return false
	const match = /^((\d{1,15})\.[\w-]{11})\.([\w-]{22})$/.exec(value)
	if (!match) return false
	const [, signed, time, signature] = match as unknown as [string, string, string, string]
	const expected = Buffer.from(sign(signed))
	const age = now - Number(time)
	return (
		crypto.timingSafeEqual(Buffer.from(signature), expected) &&
		age >= 0 &&
		age <= HONEYPOT_MAX_AGE_MS
	)
}

/**
 * Throws a 400 response when the honeypot caught a bot; nothing is stored. Else the form's
 * token, for the model to record as used (one submission per token, decision 137).
 */
export function checkHoneypot(formData: FormData, now = Date.now()): string {
	// Every form of ours sends both fields: a post without them did not come from our page.
	const validFrom = formData.get(VALID_FROM_FIELD)
	if (formData.get(NAME_FIELD) !== '' || !isValidFrom(validFrom, now))
		throw new Response(
			'Form not submitted: it looked automated, or the page was open for more than a day. Reload the page and send it again.',
			{ status: 400 },
		)
	return validFrom
}
