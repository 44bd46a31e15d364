/**
 * Leads in the database (docs/decisions/062): one row per (e-mail, list), normalised e-mail, a repeat
 * moves only updated_at, attribution stored; confirmation; survey answers. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { leads, surveyResponses } from '~/db/schema-leads.server'
import type { AttributionFacts } from '~/domain/attribution'
import { confirmLead, findLead, saveLead, saveSurveyResponse } from '~/models/leads/leads.server'
import { databaseBackends } from '../support/databases'

const backends = databaseBackends

const referred: AttributionFacts = {
	partnerKey: 'friend1',
	referralUrl: 'https://site.test/?friend=friend1',
	marketing: {
		first: { utm_source: 'news', landing: '/', at: '2026-01-01T00:00:00.000Z' },
		last: { gclid: 'G1', landing: '/workshop', at: '2026-01-02T00:00:00.000Z' },
	},
}
const direct: AttributionFacts = { partnerKey: null, referralUrl: null, marketing: {} }

describe.each(backends)('leads on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await migrate(database)
	})
	afterAll(() => cleanup?.())

	test('a sign-up is stored once per e-mail and list; again changes nothing but updated_at', async () => {
		const first = await saveLead(database.db, {
			email: '  Ada@Example.COM ',
			list: 'workshop',
			firstName: 'Ada',
			attribution: referred,
		})
		expect(first.created).toBe(true)
		const stored = await findLead(database.db, 'ada@example.com', 'workshop')
		expect(stored).toMatchObject({
			email: 'ada@example.com',
			firstName: 'Ada',
			partnerKey: 'friend1',
			referralUrl: 'https://site.test/?friend=friend1',
			attribution: referred.marketing,
			confirmedAt: null,
		})
		await new Promise((resolve) => setTimeout(resolve, 20))
		const again = await saveLead(database.db, {
			email: 'ADA@example.com',
			list: 'workshop',
			firstName: 'Someone Else',
			attribution: direct,
		})
		expect(again).toEqual({ id: first.id, created: false, confirmed: false })
		const after = await findLead(database.db, 'ada@example.com', 'workshop')
		expect({ ...after, updatedAt: undefined }).toEqual({ ...stored, updatedAt: undefined })
		expect(after!.updatedAt.getTime()).toBeGreaterThan(stored!.updatedAt.getTime())
		const rows = await database.db.select().from(leads)
		expect(rows.filter((row) => row.email === 'ada@example.com')).toHaveLength(1)
	})

	test('the same address on another list is another lead', async () => {
		await saveLead(database.db, { email: 'ada@example.com', list: 'course', attribution: direct })
		const rows = await database.db.select().from(leads)
		expect(
			rows
				.filter((row) => row.email === 'ada@example.com')
				.map((row) => row.list)
				.sort(),
		).toEqual(['course', 'workshop'])
	})

	test('concurrent identical sign-ups store one row', async () => {
		await Promise.all(
			Array.from({ length: 8 }, () =>
				saveLead(database.db, {
					email: 'race@example.com',
					list: 'day_event',
					attribution: direct,
				}),
			),
		)
		const rows = await database.db.select().from(leads)
		expect(rows.filter((row) => row.email === 'race@example.com')).toHaveLength(1)
	})

	test('confirming marks the lead once; an unknown lead is not found', async () => {
		expect(await confirmLead(database.db, 'race@example.com', 'day_event')).toBe(true)
		const confirmed = await findLead(database.db, 'race@example.com', 'day_event')
		expect(confirmed!.confirmedAt).toBeInstanceOf(Date)
		await confirmLead(database.db, 'race@example.com', 'day_event')
		expect((await findLead(database.db, 'race@example.com', 'day_event'))!.confirmedAt).toEqual(
			confirmed!.confirmedAt,
		)
		expect(await confirmLead(database.db, 'nobody@example.com', 'day_event')).toBe(false)
	})

	test('a one-click sign-up counts as confirmed', async () => {
		const saved = await saveLead(database.db, {
			email: 'one@example.com',
			list: 'course',
			attribution: direct,
			confirmed: true,
		})
		expect(saved.confirmed).toBe(true)
		expect((await findLead(database.db, 'one@example.com', 'course'))!.confirmedAt).toBeInstanceOf(
			Date,
		)
	})

	test('survey answers are stored, and the insider joins the survey list', async () => {
		await saveSurveyResponse(
			database.db,
			{ email: 'In@Example.com', rating: 4, helped: 'Live build', mayQuote: true },
			direct,
		)
		const [answer] = await database.db.select().from(surveyResponses)
		expect(answer).toMatchObject({
			email: 'in@example.com',
			rating: 4,
			helped: 'Live build',
			improve: '',
			mayQuote: true,
		})
		expect(await findLead(database.db, 'in@example.com', 'insiders_survey')).not.toBeNull()
	})

	test('the database refuses an e-mail that is not normalised', async () => {
		await expect(
			database.db.insert(leads).values({ email: 'Upper@Example.com', list: 'course' }),
		).rejects.toThrow()
	})
})
