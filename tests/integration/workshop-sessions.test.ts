/**
 * A workshop session's capacity in the database (docs/decisions/110): a place is taken under the
 * session's lock in the sign-up's transaction, so two sign-ups for the last place never both
 * get it. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (scripts/with-postgres.sh),
 * where the transactions really overlap.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SiteEvent } from '~/content/site-content'
import type { Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { leads } from '~/db/schema-leads.server'
import type { AttributionFacts } from '~/domain/attribution'
import {
	placesTaken,
	takeSessionPlace,
	WorkshopSessionError,
} from '~/models/events/sessions.server'
import { findLead, saveLead } from '~/models/leads/leads.server'
import { databaseBackends } from '../support/databases'

const direct: AttributionFacts = { partnerKey: null, referralUrl: null, marketing: {} }

const session = (id: string, capacity?: number): SiteEvent => ({
	id,
	kind: 'workshop',
	title: 'The workshop',
	description: 'Live.',
	start: '2099-01-01T17:00:00.000Z',
	end: '2099-01-01T19:00:00.000Z',
	timeZone: 'UTC',
	location: 'Online',
	placeholder: false,
	capacity,
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each(databaseBackends)('workshop session places on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await migrate(database)
	})
	afterAll(() => cleanup?.())

	/** A workshop sign-up for `target`: its place, then the lead, in one transaction. */
	const signUpFor = (email: string, target: SiteEvent, hold?: () => Promise<void>) =>
		database.db.transaction(async (tx) => {
			await takeSessionPlace(tx, email, target)
			await saveLead(tx, {
				email,
				list: 'workshop',
				attribution: direct,
				workshopSession: target.id,
			})
			await hold?.()
		})

	const outcome = (promise: Promise<unknown>) =>
		promise.then(
			() => 'signed up',
			(error) => (error instanceof WorkshopSessionError ? error.problem : String(error)),
		)

	test('two sign-ups for the last place at once: only one gets it', async () => {
		const last = session('last-place', 2)
		await signUpFor('first@example.com', last)
		// The first of the two holds its transaction open after taking the place; the second
		// starts meanwhile and must wait for it, then find the session full.
		let release = () => {}
		const held = new Promise<void>((resolve) => {
			release = resolve
		})
		const a = outcome(signUpFor('a@example.com', last, () => held))
		await sleep(50)
		const b = outcome(signUpFor('b@example.com', last))
		await sleep(200)
		release()
		expect([await a, await b]).toEqual(['signed up', 'full'])
		expect((await placesTaken(database.db, ['last-place'])).get('last-place')).toBe(2)
		expect(await findLead(database.db, 'b@example.com', 'workshop')).toBeNull()
	})

	test('many sign-ups at once never fill a session beyond its capacity', async () => {
		const small = session('small', 3)
		const results = await Promise.all(
			Array.from({ length: 10 }, (_, index) =>
				outcome(signUpFor(`crowd${index}@example.com`, small)),
			),
		)
		expect(results.filter((result) => result === 'signed up')).toHaveLength(3)
		expect(results.filter((result) => result === 'full')).toHaveLength(7)
		expect((await placesTaken(database.db, ['small'])).get('small')).toBe(3)
	})

	test('someone already in a full session keeps their place when they sign up again', async () => {
		const full = session('small', 3)
		const [member] = await database.db
			.select({ email: leads.email })
			.from(leads)
			.where(and(eq(leads.list, 'workshop'), eq(leads.workshopSession, 'small')))
		expect(await outcome(signUpFor(member!.email, full))).toBe('signed up')
		expect(await outcome(signUpFor('late@example.com', full))).toBe('full')
	})

	test('moving to another session frees the place in the first and makes the confirmation due again', async () => {
		const from = session('from', 1)
		const to = session('to', 1)
		await signUpFor('mover@example.com', from)
		await database.db
			.update(leads)
			.set({ confirmationSentAt: new Date() })
			.where(eq(leads.email, 'mover@example.com'))
		await signUpFor('mover@example.com', to)
		const lead = await findLead(database.db, 'mover@example.com', 'workshop')
		expect(lead).toMatchObject({ workshopSession: 'to', confirmationSentAt: null })
		expect(await outcome(signUpFor('next@example.com', from))).toBe('signed up')
		// The same session again changes nothing: no second confirmation is due.
		await database.db
			.update(leads)
			.set({ confirmationSentAt: new Date() })
			.where(eq(leads.email, 'mover@example.com'))
		await signUpFor('mover@example.com', to)
		expect(
			(await findLead(database.db, 'mover@example.com', 'workshop'))!.confirmationSentAt,
		).not.toBeNull()
	})

	test('a session without a capacity takes everyone', async () => {
		const open = session('open')
		for (let index = 0; index < 5; index++)
			expect(await outcome(signUpFor(`open${index}@example.com`, open))).toBe('signed up')
	})

	test('only a workshop lead has a session', async () => {
		await expect(
			database.db
				.insert(leads)
				.values({ email: 'course@example.com', list: 'course', workshopSession: 'small' }),
		).rejects.toThrow()
	})
})
