/**
 * The owner sign-in link (issue 36 item 14, docs/decisions/151): how the operator of a site
 * without a GitHub app, a fresh clone's `npm start` first of all, becomes its owner. Loopback
 * proves nothing (behind a reverse proxy on the same host every visitor is loopback); holding
 * SESSION_SECRET does. The link is a link token (decision 127) signed with it, so only the
 * server's own start-up log and `npm run owner-link` (run with the site's configuration) can
 * print one, with no database needed to print it. It names a random nonce, expires within the
 * hour, and is spent on first use, on every app server (0043_owner_sign_in_links.sql).
 */
import crypto from 'node:crypto'
import { eq, lt } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { ownerSignInLinksUsed } from '~/db/schema-admin.server'
import { LINK_OWNER_LOGIN, type OwnerSession } from '~/domain/owner-role'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { createLinkToken, verifyLinkToken } from '~/models/links/signed-token.server'
import { currentSessionVersion, ownerName } from './role.server'

/** How long a printed link can be followed: long enough to open it, short if a log leaks. */
export const OWNER_LINK_MINUTES = 60

/** The page a link opens (routes/account/owner-sign-in.tsx). */
const OWNER_SIGN_IN_PATH = '/owner-sign-in'

/** A fresh sign-in link to the site at `origin`, good once, for OWNER_LINK_MINUTES. */
export function createOwnerSignInLink(origin: string, now = Date.now()): string {
	const token = createLinkToken(
		{
			purpose: 'owner-sign-in',
			subject: crypto.randomBytes(24).toString('base64url'),
			expiresAt: new Date(now + OWNER_LINK_MINUTES * 60_000),
		},
		getConfig().SESSION_SECRET,
	)
	return `${origin}${OWNER_SIGN_IN_PATH}?${new URLSearchParams({ token })}`
}

export type OwnerLinkFailure = 'invalid' | 'expired' | 'used'

type Checked = { ok: true; nonce: string } | { ok: false; reason: OwnerLinkFailure }

/** Whether `token` is a sign-in link we signed that has not expired (the signature in constant time). */
function verify(token: string | null | undefined, now: number): Checked {
	const link = verifyLinkToken(token, 'owner-sign-in', getConfig().SESSION_SECRET, now)
	return link.ok ? { ok: true, nonce: link.subject } : { ok: false, reason: link.reason }
}

/** Whether the link can still be followed, spending nothing: what its page says before the button. */
export async function checkOwnerSignInLink(
	db: Db,
	token: string | null | undefined,
	now = Date.now(),
): Promise<{ ok: true } | { ok: false; reason: OwnerLinkFailure }> {
	const checked = verify(token, now)
	if (!checked.ok) return checked
	const [used] = await db
		.select({ nonce: ownerSignInLinksUsed.nonce })
		.from(ownerSignInLinksUsed)
		.where(eq(ownerSignInLinksUsed.nonce, checked.nonce))
	return used ? { ok: false, reason: 'used' } : { ok: true }
}

/**
 * Follows the link: spends its nonce and returns the owner session it grants, for
 * ADMIN_SESSION_HOURS; recorded in the audit log. Two followers at once: one wins, the other
 * is told the link was used.
 */
export async function signInWithOwnerLink(
	db: Db,
	token: string | null | undefined,
	now = Date.now(),
): Promise<{ ok: true; owner: OwnerSession } | { ok: false; reason: OwnerLinkFailure }> {
	const checked = verify(token, now)
	if (!checked.ok) return checked
	const spent = await db.transaction(async (tx) => {
		await tx.delete(ownerSignInLinksUsed).where(lt(ownerSignInLinksUsed.expiresAt, new Date(now)))
		const rows = await tx
			.insert(ownerSignInLinksUsed)
			// A link followed now was printed at most OWNER_LINK_MINUTES ago: by then it has expired.
			.values({ nonce: checked.nonce, expiresAt: new Date(now + OWNER_LINK_MINUTES * 60_000) })
			.onConflictDoNothing()
			.returning({ nonce: ownerSignInLinksUsed.nonce })
		return rows.length === 1
	})
	if (!spent) return { ok: false, reason: 'used' }
	const owner: OwnerSession = {
		githubId: 0,
		login: LINK_OWNER_LOGIN,
		via: 'link',
		expiresAt: now + getConfig().ADMIN_SESSION_HOURS * 3_600_000,
		version: await currentSessionVersion(db, 'link', LINK_OWNER_LOGIN),
	}
	await recordOwnerAction(db, {
		actor: ownerName(owner),
		action: 'sign-in',
		target: 'owner-link',
		after: { via: 'link', expiresAt: new Date(owner.expiresAt).toISOString() },
	})
	return { ok: true, owner }
}
