/**
 * The owner's authenticator app (TOTP, RFC 6238; docs/decisions/136): set up by showing the
 * secret as text and as an otpauth:// URI, confirmed by a first code; then each code opens one
 * step-up. Codes are single use (a code of the step last accepted, or of an earlier one, is
 * refused, also on another app server: the step moves on in one conditional UPDATE) and wrong
 * codes are limited per owner (step-up.ts). The secret is stored encrypted and never logged.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { ownerTotp } from '~/db/schema-step-up.server'
import type { OwnerSession } from '~/domain/owner-role'
import { codeAttemptAllowed, FAILURE_WINDOW_MS, normalizeCode } from '~/domain/step-up'
import { openSecret, sealSecret } from './secret-box.server'

export type OwnerKey = Pick<OwnerSession, 'via' | 'login'>

const PERIOD_SECONDS = 30

const whose = (owner: OwnerKey) =>
	and(eq(ownerTotp.via, owner.via), eq(ownerTotp.login, owner.login))

function totpOf(owner: OwnerKey, base32: string): OTPAuth.TOTP {
	const site = getConfig().SITE_URL
	return new OTPAuth.TOTP({
		issuer: site ? new URL(site).host : 'Course site',
		label: owner.login,
		secret: OTPAuth.Secret.fromBase32(base32),
		period: PERIOD_SECONDS,
	})
}

export type CodeOutcome =
	| { ok: true }
	| { ok: false; reason: 'wrong' | 'none' }
	| { ok: false; reason: 'limited'; retryAfterSeconds: number }

/** Whether the owner has a confirmed authenticator. */
export async function hasTotp(db: Db, owner: OwnerKey): Promise<boolean> {
	const [row] = await db.select({ secret: ownerTotp.secret }).from(ownerTotp).where(whose(owner))
	return row?.secret != null
}

/**
 * The set-up in progress (a new secret made the first time it is asked for), as the owner types
 * or scans it: the base32 secret and the otpauth:// URI. A confirmed authenticator stays until
 * the new one is confirmed.
 */
export async function totpSetUp(
	db: Db,
	owner: OwnerKey,
	fresh: boolean,
): Promise<{ secret: string; uri: string }> {
	const key = getConfig().SESSION_SECRET
	if (!fresh) {
		const [row] = await db
			.select({ pending: ownerTotp.pendingSecret })
			.from(ownerTotp)
			.where(whose(owner))
		const pending = row?.pending ? openSecret(row.pending, key) : null
		if (pending) return { secret: pending, uri: totpOf(owner, pending).toString() }
	}
	const secret = new OTPAuth.Secret({ size: 20 }).base32
	await db
		.insert(ownerTotp)
		.values({ via: owner.via, login: owner.login, pendingSecret: sealSecret(secret, key) })
		.onConflictDoUpdate({
			target: [ownerTotp.via, ownerTotp.login],
			set: { pendingSecret: sealSecret(secret, key) },
		})
	return { secret, uri: totpOf(owner, secret).toString() }
}

/** The 30-second step `code` belongs to for `secret` around `now`, or null. */
function stepOf(owner: OwnerKey, secret: string, code: string, now: number): number | null {
	// OWNER_TOTP_DRIFT_STEPS (one) either side: a phone's clock a little off still works.
	const window = getConfig().OWNER_TOTP_DRIFT_STEPS
	const delta = totpOf(owner, secret).validate({ token: code, timestamp: now, window })
	return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta
}

/** Counts a wrong code: a new window starts once the last one has ended. */
async function countFailure(db: Db, owner: OwnerKey, now: number): Promise<void> {
	const windowStart = new Date(now - FAILURE_WINDOW_MS)
	await db
		.update(ownerTotp)
		.set({
			failures: sql`CASE WHEN ${ownerTotp.failuresSince} IS NULL OR ${ownerTotp.failuresSince} <= ${windowStart.toISOString()}::timestamptz THEN 1 ELSE ${ownerTotp.failures} + 1 END`,
			failuresSince: sql`CASE WHEN ${ownerTotp.failuresSince} IS NULL OR ${ownerTotp.failuresSince} <= ${windowStart.toISOString()}::timestamptz THEN ${new Date(now).toISOString()}::timestamptz ELSE ${ownerTotp.failuresSince} END`,
		})
		.where(whose(owner))
}

/**
 * Checks `typed` against the owner's authenticator (`pending`: the set-up being confirmed, which
 * then becomes the authenticator) and uses the code up.
 */
export async function spendTotpCode(
	db: Db,
	owner: OwnerKey,
	typed: string,
	options: { pending: boolean; now?: number },
): Promise<CodeOutcome> {
	const now = options.now ?? Date.now()
	const [row] = await db.select().from(ownerTotp).where(whose(owner))
	const box = options.pending ? row?.pendingSecret : row?.secret
	if (!row || !box) return { ok: false, reason: 'none' }
	const allowed = codeAttemptAllowed({ count: row.failures, since: row.failuresSince }, now)
	if (!allowed.allowed) return { ok: false, reason: 'limited', ...allowed }
	const secret = openSecret(box, getConfig().SESSION_SECRET)
	const code = normalizeCode(typed)
	const step = secret && code ? stepOf(owner, secret, code, now) : null
	if (step === null) {
		await countFailure(db, owner, now)
		return { ok: false, reason: 'wrong' }
	}
	const unused = or(isNull(ownerTotp.lastStep), lt(ownerTotp.lastStep, step))
	const used = await db
		.update(ownerTotp)
		.set(
			options.pending
				? {
						secret: box,
						pendingSecret: null,
						lastStep: step,
						failures: 0,
						failuresSince: null,
						confirmedAt: new Date(now),
					}
				: { lastStep: step, failures: 0, failuresSince: null },
		)
		.where(
			and(
				whose(owner),
				options.pending ? eq(ownerTotp.pendingSecret, box) : eq(ownerTotp.secret, box),
				// A new authenticator starts its own steps; an old one's last step does not bind it.
				options.pending ? undefined : unused,
			),
		)
		.returning({ step: ownerTotp.lastStep })
	if (used.length === 0) {
		await countFailure(db, owner, now)
		return { ok: false, reason: 'wrong' }
	}
	return { ok: true }
}
