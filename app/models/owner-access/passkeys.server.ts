/**
 * The owner's passkeys (WebAuthn, docs/decisions/136). The relying party is the site's
 * configured origin (SITE_URL, else the address the server listens on; never a request's Host):
 * its host name is the rpID and the origin the only one accepted. Challenges are stateless —
 * signed with a key derived from SESSION_SECRET, naming the owner, their session version, what
 * they are for and an end time — and good for one answer (owner_used_challenges), so a captured
 * answer cannot be played again. Only public keys are stored.
 */
import crypto from 'node:crypto'
import {
	type AuthenticationResponseJSON,
	type AuthenticatorTransport,
	generateAuthenticationOptions,
	generateRegistrationOptions,
	type RegistrationResponseJSON,
	verifyAuthenticationResponse,
	verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { ownerPasskeys, ownerUsedChallenges } from '~/db/schema-step-up.server'
import type { OwnerSession } from '~/domain/owner-role'

type PasskeyOwner = Pick<OwnerSession, 'via' | 'login' | 'version'>
type Purpose = 'register' | 'authenticate'

const CHALLENGE_MS = 5 * 60_000

const whose = (owner: Pick<OwnerSession, 'via' | 'login'>) =>
	and(eq(ownerPasskeys.via, owner.via), eq(ownerPasskeys.login, owner.login))

const challengeKey = (secret: string) =>
	crypto.createHmac('sha256', secret).update('owner-passkey-challenge/v1').digest()

/** A challenge naming its owner, session version, purpose and end, signed. */
function signChallenge(
	owner: PasskeyOwner,
	purpose: Purpose,
	secret: string,
	now = Date.now(),
): string {
	const body = Buffer.from(
		JSON.stringify({
			p: purpose,
			v: owner.via,
			l: owner.login,
			s: owner.version,
			x: now + CHALLENGE_MS,
			n: crypto.randomBytes(16).toString('base64url'),
		}),
	).toString('base64url')
	const mac = crypto.createHmac('sha256', challengeKey(secret)).update(body).digest('base64url')
	return `${body}.${mac}`
}

/** The nonce and end of a challenge we signed for this owner, session and purpose, or null. */
function openChallenge(
	challenge: string,
	owner: PasskeyOwner,
	purpose: Purpose,
	secret: string,
	now: number,
): { nonce: string; expiresAt: number } | null {
	const [body = '', mac = ''] = challenge.split('.')
	const expected = crypto.createHmac('sha256', challengeKey(secret)).update(body).digest()
	const given = Buffer.from(mac, 'base64url')
	if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
	try {
		const data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
		if (
			data.p !== purpose ||
			data.v !== owner.via ||
			data.l !== owner.login ||
			data.s !== owner.version ||
			typeof data.x !== 'number' ||
			data.x <= now ||
			typeof data.n !== 'string'
		)
			return null
		return { nonce: data.n, expiresAt: data.x }
	} catch {
		return null
	}
}

/** simplewebauthn hands the challenge back base64url-encoded, as the browser echoed it. */
const decodeEchoed = (echoed: string) => Buffer.from(echoed, 'base64url').toString('utf8')

/** Uses a challenge up: false when it was answered before. */
async function spendChallenge(db: Db, nonce: string, expiresAt: number): Promise<boolean> {
	await db.delete(ownerUsedChallenges).where(lt(ownerUsedChallenges.expiresAt, sql`now()`))
	const fresh = await db
		.insert(ownerUsedChallenges)
		.values({ nonce, expiresAt: new Date(expiresAt) })
		.onConflictDoNothing()
		.returning({ nonce: ownerUsedChallenges.nonce })
	return fresh.length === 1
}

const relyingParty = (origin: string) => ({ rpID: new URL(origin).hostname, origin })

export async function hasPasskey(db: Db, owner: Pick<OwnerSession, 'via' | 'login'>) {
	const rows = await db
		.select({ id: ownerPasskeys.id })
		.from(ownerPasskeys)
		.where(whose(owner))
		.limit(1)
	return rows.length > 0
}

async function passkeysOf(db: Db, owner: Pick<OwnerSession, 'via' | 'login'>) {
	return db.select().from(ownerPasskeys).where(whose(owner))
}

const transportsOf = (row: { transports: string }) =>
	row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : undefined

/** Options for the browser to create a passkey for `owner` on this site. */
export async function passkeyRegistrationOptions(
	db: Db,
	owner: PasskeyOwner,
	site: { origin: string; secret: string; name: string },
) {
	const existing = await passkeysOf(db, owner)
	return generateRegistrationOptions({
		rpName: site.name,
		rpID: relyingParty(site.origin).rpID,
		userName: owner.login,
		userID: crypto.createHash('sha256').update(`${owner.via}:${owner.login}`).digest(),
		challenge: signChallenge(owner, 'register', site.secret),
		attestationType: 'none',
		excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
		authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
	})
}

/** Stores the passkey the browser created, once its answer checks out; false otherwise. */
export async function registerPasskey(
	db: Db,
	owner: PasskeyOwner,
	site: { origin: string; secret: string },
	response: RegistrationResponseJSON,
	now = Date.now(),
): Promise<boolean> {
	let challenge: { nonce: string; expiresAt: number } | null = null
	const verification = await verifyRegistrationResponse({
		response,
		expectedChallenge: (echoed) => {
			challenge = openChallenge(decodeEchoed(echoed), owner, 'register', site.secret, now)
			return challenge !== null
		},
		expectedOrigin: relyingParty(site.origin).origin,
		expectedRPID: relyingParty(site.origin).rpID,
		requireUserVerification: true,
	}).catch(() => null)
	const used = challenge as { nonce: string; expiresAt: number } | null
	if (!verification?.verified || !used) return false
	if (!(await spendChallenge(db, used.nonce, used.expiresAt))) return false
	const { credential } = verification.registrationInfo
	const stored = await db
		.insert(ownerPasskeys)
		.values({
			id: credential.id,
			via: owner.via,
			login: owner.login,
			publicKey: Buffer.from(credential.publicKey).toString('base64url'),
			counter: credential.counter,
			transports: (credential.transports ?? []).join(','),
		})
		.onConflictDoNothing()
		.returning({ id: ownerPasskeys.id })
	return stored.length === 1
}

/** Options for the browser to sign a step-up with one of the owner's passkeys. */
export async function passkeyAuthenticationOptions(
	db: Db,
	owner: PasskeyOwner,
	site: { origin: string; secret: string },
) {
	const existing = await passkeysOf(db, owner)
	return generateAuthenticationOptions({
		rpID: relyingParty(site.origin).rpID,
		challenge: signChallenge(owner, 'authenticate', site.secret),
		allowCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
		userVerification: 'required',
	})
}

/** Whether `response` is a fresh signature by one of the owner's passkeys; uses it up. */
export async function spendPasskey(
	db: Db,
	owner: PasskeyOwner,
	site: { origin: string; secret: string },
	response: AuthenticationResponseJSON,
	now = Date.now(),
): Promise<boolean> {
	const [row] = await db
		.select()
		.from(ownerPasskeys)
		.where(and(whose(owner), eq(ownerPasskeys.id, String(response?.id ?? ''))))
	if (!row) return false
	let challenge: { nonce: string; expiresAt: number } | null = null
	const verification = await verifyAuthenticationResponse({
		response,
		expectedChallenge: (echoed) => {
			challenge = openChallenge(decodeEchoed(echoed), owner, 'authenticate', site.secret, now)
			return challenge !== null
		},
		expectedOrigin: relyingParty(site.origin).origin,
		expectedRPID: relyingParty(site.origin).rpID,
		credential: {
			id: row.id,
			publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
			counter: row.counter,
			transports: transportsOf(row),
		},
		requireUserVerification: true,
	}).catch(() => null)
	const used = challenge as { nonce: string; expiresAt: number } | null
	if (!verification?.verified || !used) return false
	if (!(await spendChallenge(db, used.nonce, used.expiresAt))) return false
	await db
		.update(ownerPasskeys)
		.set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date(now) })
		.where(eq(ownerPasskeys.id, row.id))
	return true
}

/** The owner's passkeys, oldest first (ids and dates only: nothing secret is kept anyway). */
export async function listPasskeys(db: Db, owner: Pick<OwnerSession, 'via' | 'login'>) {
	return db
		.select({
			id: ownerPasskeys.id,
			createdAt: ownerPasskeys.createdAt,
			lastUsedAt: ownerPasskeys.lastUsedAt,
		})
		.from(ownerPasskeys)
		.where(whose(owner))
		.orderBy(ownerPasskeys.createdAt)
}
