/**
 * The owner role against the database (docs/decisions/080): binding a listed login to the
 * GitHub account that first signs in with it, and checking a remembered owner on each request.
 * The rules themselves are pure, in role.ts.
 */
import { and, eq, or, sql } from 'drizzle-orm'
import { getConfig, githubSignInMode } from '~/config.server'
import type { Db } from '~/db/client.server'
import { ownerAccounts, ownerSessionVersions } from '~/db/schema-admin.server'
import {
	decideOwnerRole,
	type OwnerBinding,
	type OwnerSession,
	ownerSessionHolds,
	type SignInVia,
} from '~/domain/owner-role'
import { recordOwnerAction } from '~/models/audit/audit.server'

const signInVia = (): SignInVia =>
	githubSignInMode(getConfig()) === 'emulator' ? 'emulator' : 'github'

/**
 * The owner role for an account that has just signed in, or null. Binds a listed login on its
 * first sign-in; records the owner's sign-in in the audit log.
 */
export async function grantOwnerRole(
	db: Db,
	account: { id: number; login: string },
	operatorToolsOpen: boolean,
	now = Date.now(),
): Promise<OwnerSession | null> {
	const config = getConfig()
	const via = signInVia()
	const bindings: OwnerBinding[] =
		via === 'github'
			? await db
					.select({ login: ownerAccounts.login, githubId: ownerAccounts.githubId })
					.from(ownerAccounts)
					.where(
						or(
							eq(ownerAccounts.login, account.login.toLowerCase()),
							eq(ownerAccounts.githubId, account.id),
						),
					)
			: []
	const decision = decideOwnerRole({
		via,
		operatorToolsOpen,
		configuredLogins: config.ADMIN_GITHUB_LOGINS,
		account,
		bindings,
	})
	if (!decision.owner) return null
	if (decision.bind) {
		const bind = decision.bind
		// An account bound to a login no longer listed gives that binding up; a login bound
		// meanwhile by another sign-in wins (ON CONFLICT DO NOTHING), and this one is refused.
		const bound = await db.transaction(async (tx) => {
			await tx.delete(ownerAccounts).where(eq(ownerAccounts.githubId, bind.githubId))
			return tx
				.insert(ownerAccounts)
				.values({ login: bind.login, githubId: bind.githubId, currentLogin: account.login })
				.onConflictDoNothing()
				.returning({ login: ownerAccounts.login })
		})
		if (bound.length === 0) return null
	} else if (via === 'github') {
		await db
			.update(ownerAccounts)
			.set({ currentLogin: account.login, lastSignInAt: sql`now()` })
			.where(eq(ownerAccounts.login, decision.login))
	}
	const owner: OwnerSession = {
		githubId: account.id,
		login: decision.login,
		via,
		expiresAt: now + config.ADMIN_SESSION_HOURS * 3_600_000,
		version: await currentSessionVersion(db, via, decision.login),
	}
	await recordOwnerAction(db, {
		actor: ownerName(owner),
		action: 'sign-in',
		target: `github:${account.id}`,
		after: { login: account.login, via, expiresAt: new Date(owner.expiresAt).toISOString() },
	})
	return owner
}

/**
 * The owner's current session version (decision 102), for a new session: the first sign-in
 * makes it 1; a sign-in never moves it, so the owner's other browsers stay signed in.
 */
export async function currentSessionVersion(
	db: Db,
	via: SignInVia,
	login: string,
): Promise<number> {
	const [row] = await db
		.insert(ownerSessionVersions)
		.values({ via, login })
		.onConflictDoUpdate({
			target: [ownerSessionVersions.via, ownerSessionVersions.login],
			set: { version: sql`${ownerSessionVersions.version}` },
		})
		.returning({ version: ownerSessionVersions.version })
	return row!.version
}

/**
 * Whether the owner remembered in a session is still one (role.ts `ownerSessionHolds`): one
 * read by primary key, the session version with the login's binding beside it.
 */
export async function ownerStillHolds(
	db: Db,
	owner: OwnerSession,
	operatorToolsOpen: boolean,
	now = Date.now(),
): Promise<boolean> {
	const config = getConfig()
	// An emulator identity needs the emulator still mounted: not on a released site.
	if (owner.via === 'emulator' && signInVia() !== 'emulator') return false
	if (owner.expiresAt <= now) return false
	const [row] = await db
		.select({
			version: ownerSessionVersions.version,
			login: ownerAccounts.login,
			githubId: ownerAccounts.githubId,
		})
		.from(ownerSessionVersions)
		.leftJoin(
			ownerAccounts,
			and(
				eq(ownerSessionVersions.via, 'github'),
				eq(ownerAccounts.login, ownerSessionVersions.login),
			),
		)
		.where(
			and(eq(ownerSessionVersions.via, owner.via), eq(ownerSessionVersions.login, owner.login)),
		)
	const binding: OwnerBinding | null =
		row?.login != null && row.githubId != null ? { login: row.login, githubId: row.githubId } : null
	return ownerSessionHolds(owner, now, {
		operatorToolsOpen,
		configuredLogins: config.ADMIN_GITHUB_LOGINS,
		binding,
		currentVersion: row?.version ?? null,
	})
}

/**
 * Signs the owner out everywhere (decision 102): moves their session version on, so every
 * session cookie given before, copies included, is no owner's on any app server. Only from the
 * current version: a stale copy (already signed out) cannot end the owner's newer sessions.
 * Recorded in the audit log; false when there was nothing current to end.
 */
export async function endOwnerSessions(db: Db, owner: OwnerSession): Promise<boolean> {
	return db.transaction(async (tx) => {
		const ended = await tx
			.update(ownerSessionVersions)
			.set({ version: sql`${ownerSessionVersions.version} + 1`, endedAt: sql`now()` })
			.where(
				and(
					eq(ownerSessionVersions.via, owner.via),
					eq(ownerSessionVersions.login, owner.login),
					eq(ownerSessionVersions.version, owner.version),
				),
			)
			.returning({ version: ownerSessionVersions.version })
		if (ended.length === 0) return false
		await recordOwnerAction(tx, {
			actor: ownerName(owner),
			action: 'sign-out',
			target: `github:${owner.githubId}`,
			before: { sessionVersion: owner.version },
			after: { sessionVersion: ended[0]!.version },
		})
		return true
	})
}

/** How an owner is named in the audit log. */
export function ownerName(owner: Pick<OwnerSession, 'login' | 'via' | 'githubId'>): string {
	if (owner.via === 'link') return 'owner (sign-in link)'
	return owner.via === 'emulator'
		? `${owner.login} (GitHub emulator)`
		: `${owner.login} (GitHub #${owner.githubId})`
}
