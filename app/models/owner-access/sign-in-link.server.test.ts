/**
 * The owner sign-in link (docs/decisions/151) against the embedded database: a link we signed
 * signs its follower in as the owner once, for ADMIN_SESSION_HOURS; a forged, altered, reused or
 * expired link signs nobody in.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getConfig } from '~/config.server'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { ownerSessionHolds } from '~/domain/owner-role'
import { createLinkToken } from '~/models/links/signed-token.server'
import { pglite } from '../../../tests/support/databases'
import { endOwnerSessions, ownerStillHolds } from './role.server'
import {
	checkOwnerSignInLink,
	createOwnerSignInLink,
	OWNER_LINK_MINUTES,
	signInWithOwnerLink,
} from './sign-in-link.server'

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

describe('the owner sign-in link', () => {
	let database: Database
	let cleanup: () => Promise<void>
	beforeAll(async () => {
		;({ database, cleanup } = await pglite.open())
		await prepareDatabase(database)
	})
	afterAll(async () => cleanup?.())

	test('following a fresh link signs the owner in for ADMIN_SESSION_HOURS, once', async () => {
		const db = database.db
		const now = Date.now()
		const link = createOwnerSignInLink('https://course.example', now)
		expect(link).toMatch(/^https:\/\/course\.example\/owner-sign-in\?token=/)
		expect(await checkOwnerSignInLink(db, tokenOf(link), now)).toEqual({ ok: true })

		const signedIn = await signInWithOwnerLink(db, tokenOf(link), now)
		if (!signedIn.ok) throw new Error(signedIn.reason)
		expect(signedIn.owner).toMatchObject({ via: 'link', login: 'owner' })
		expect(signedIn.owner.expiresAt).toBe(now + getConfig().ADMIN_SESSION_HOURS * 3_600_000)
		expect(await ownerStillHolds(db, signedIn.owner, false, now)).toBe(true)

		expect(await signInWithOwnerLink(db, tokenOf(link), now)).toEqual({ ok: false, reason: 'used' })
		expect(await checkOwnerSignInLink(db, tokenOf(link), now)).toEqual({
			ok: false,
			reason: 'used',
		})
	})

	test('two followers of one link at once: one is signed in, the other told it was used', async () => {
		const token = tokenOf(createOwnerSignInLink('https://course.example'))
		const results = await Promise.all([
			signInWithOwnerLink(database.db, token),
			signInWithOwnerLink(database.db, token),
		])
		expect(results.filter((result) => result.ok)).toHaveLength(1)
		expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: 'used' }])
	})

	test('a guessed, altered or foreign token signs nobody in', async () => {
		const db = database.db
		const token = tokenOf(createOwnerSignInLink('https://course.example'))
		const [payload, signature] = token.split('.') as [string, string]
		const altered = `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`
		const otherSecret = createLinkToken(
			{
				purpose: 'owner-sign-in',
				subject: 'n'.repeat(32),
				expiresAt: new Date(Date.now() + 60_000),
			},
			'another-site-secret-0123456789abcdef',
		)
		// A link of another kind, signed by this site, is no owner link either.
		const invoiceLink = createLinkToken(
			{ purpose: 'invoice', subject: 'INV-1', expiresAt: 'never' },
			getConfig().SESSION_SECRET,
		)
		for (const wrong of [altered, otherSecret, invoiceLink, 'guess', '', null])
			expect(await signInWithOwnerLink(db, wrong)).toEqual({ ok: false, reason: 'invalid' })
	})

	test(`a link is good for ${OWNER_LINK_MINUTES} minutes`, async () => {
		const printed = Date.now()
		const token = tokenOf(createOwnerSignInLink('https://course.example', printed))
		const later = printed + OWNER_LINK_MINUTES * 60_000 + 1_000
		expect(await signInWithOwnerLink(database.db, token, later)).toEqual({
			ok: false,
			reason: 'expired',
		})
	})

	test('"Sign out everywhere" ends the sessions a link gave', async () => {
		const db = database.db
		const signedIn = await signInWithOwnerLink(
			db,
			tokenOf(createOwnerSignInLink('https://c.example')),
		)
		if (!signedIn.ok) throw new Error(signedIn.reason)
		expect(await endOwnerSessions(db, signedIn.owner)).toBe(true)
		expect(await ownerStillHolds(db, signedIn.owner, false)).toBe(false)
		expect(
			ownerSessionHolds({ ...signedIn.owner, login: 'mona' }, Date.now(), {
				operatorToolsOpen: true,
				configuredLogins: ['mona'],
				binding: null,
				currentVersion: signedIn.owner.version,
			}),
		).toBe(false)
	})
})
