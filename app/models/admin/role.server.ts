/**
 * The owner role against the database (docs/decisions/080): binding a listed login to the
 * GitHub account that first signs in with it, and checking a remembered owner on each request.
 * The rules themselves are pure, in role.ts.
 */
import { eq, or, sql } from 'drizzle-orm'
import { getConfig, githubSignInMode } from '~/config.server'
import type { Db } from '~/db/client.server'
import { ownerAccounts } from '~/db/schema-admin.server'
import { recordOwnerAction } from './audit.server'
import {
	decideOwnerRole,
	type OwnerBinding,
	type OwnerSession,
	ownerSessionHolds,
	type SignInVia,
} from './role'

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
	}
	await recordOwnerAction(db, {
		actor: ownerName(owner),
		action: 'sign-in',
		target: `github:${account.id}`,
		after: { login: account.login, via, expiresAt: new Date(owner.expiresAt).toISOString() },
	})
	return owner
}

/** Whether the owner remembered in a session is still one (role.ts `ownerSessionHolds`). */
export async function ownerStillHolds(
	db: Db,
	owner: OwnerSession,
	operatorToolsOpen: boolean,
	now = Date.now(),
): Promise<boolean> {
	const config = getConfig()
	// An emulator identity needs the emulator still mounted: not on a released site.
	if (owner.via === 'emulator' && signInVia() !== 'emulator') return false
	let binding: OwnerBinding | null = null
	if (owner.via === 'github') {
		const [row] = await db
			.select({ login: ownerAccounts.login, githubId: ownerAccounts.githubId })
			.from(ownerAccounts)
			.where(eq(ownerAccounts.login, owner.login))
		binding = row ?? null
	}
	return ownerSessionHolds(owner, now, {
		operatorToolsOpen,
		configuredLogins: config.ADMIN_GITHUB_LOGINS,
		binding,
	})
}

/** How an owner is named in the audit log. */
export function ownerName(owner: Pick<OwnerSession, 'login' | 'via' | 'githubId'>): string {
	return owner.via === 'emulator'
		? `${owner.login} (GitHub emulator)`
		: `${owner.login} (GitHub #${owner.githubId})`
}
