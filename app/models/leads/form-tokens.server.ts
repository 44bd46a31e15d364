/**
 * A public form's honeypot token is good for one submission (docs/decisions/137). The route
 * checks the token's signature and age (app/http/honeypot.server.ts); the model, once the form's
 * values are valid and before anything is stored, records the token with a fingerprint of what
 * was submitted. The same token and fingerprint again is the same submission (a double click
 * without JavaScript, a browser's retry) and goes on as before; the same token for another
 * address is refused, so a bot must fetch a page for each address it sends.
 */
import crypto from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { formTokens } from '~/db/schema-leads.server'
import { foldEmail } from '~/domain/email-address'
import type { JobDefinition } from '~/jobs/run.server'

/**
 * How long a rendered form may be sent back (decision 137): a day covers a tab left open
 * overnight, and bounds how long a used token must be remembered to refuse it again (the rows
 * of form_tokens are deleted after it).
 */
export const HONEYPOT_MAX_AGE_MS = 24 * 60 * 60 * 1_000

/**
 * What a submission was, without the address in clear: a hash of the form's name and the
 * normalised address (the rows are kept a day, for anyone with the database to read).
 */
export function submissionFingerprint(form: string, email: string): string {
	return crypto
		.createHash('sha256')
		.update(`${form}\n${foldEmail(email)}`)
		.digest('base64url')
}

/**
 * Records `token` as used by the submission `fingerprint`: true when it may go on (the token's
 * first use, or the same submission again), false when the token was used for another.
 */
export async function spendFormToken(
	db: Db,
	use: { token: string; fingerprint: string },
): Promise<boolean> {
	const first = await db
		.insert(formTokens)
		.values(use)
		.onConflictDoNothing()
		.returning({ token: formTokens.token })
	if (first.length === 1) return true
	const same = await db
		.select({ token: formTokens.token })
		.from(formTokens)
		.where(and(eq(formTokens.token, use.token), eq(formTokens.fingerprint, use.fingerprint)))
	return same.length === 1
}

/**
 * Deletes the tokens used more than HONEYPOT_MAX_AGE_MS ago: a token is never younger than its
 * use, so each of these is refused by its age before this table would be read.
 */
async function pruneFormTokens(db: Db): Promise<void> {
	await db
		.delete(formTokens)
		.where(
			lt(formTokens.usedAt, sql`now() - make_interval(secs => ${HONEYPOT_MAX_AGE_MS / 1_000})`),
		)
}

export function formTokensPruneJob(db: Db): JobDefinition {
	return { kind: 'form-tokens.prune', everySeconds: 3_600, run: () => pruneFormTokens(db) }
}
