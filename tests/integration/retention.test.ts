/**
 * The privacy policy's promise (content/legal/privacy-policy.mdx, "How long we keep it"): a
 * sign-up is kept at most 2 years after the person's last interaction, then erased as the owner's
 * "Erase" does (docs/decisions/109): the address becomes a tombstone and its mailbox is
 * suppressed. A sign-up, a confirmation, an order or a survey answer within the 2 years keeps
 * every sign-up of the address. A daily job; on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import fs from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { orders } from '~/db/schema.server'
import { ownerAuditLog } from '~/db/schema-admin.server'
import { leads, surveyResponses } from '~/db/schema-leads.server'
import { jobDefinitions } from '~/job-worker.server'
import { eraseStaleSignUps, SIGNUP_RETENTION_DAYS } from '~/models/leads/retention.server'
import { isUnsubscribed } from '~/models/preferences/preferences.server'
import { databaseBackends } from '../support/databases'
import { leaveInProcess, useInProcess } from '../support/in-process'

const DAY = 24 * 60 * 60 * 1000
const ago = (days: number) => new Date(Date.now() - days * DAY)
const OLD = ago(SIGNUP_RETENTION_DAYS + 1)

test("the job's period is the one the privacy policy states", () => {
	const policy = fs.readFileSync('content/legal/privacy-policy.mdx', 'utf8')
	expect(policy).toContain('at most 2 years after your last interaction')
	expect(SIGNUP_RETENTION_DAYS).toBe(2 * 365)
})

describe.each(databaseBackends)('sign-ups kept at most 2 years on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>

	beforeAll(async () => {
		useInProcess()
		;({ database, cleanup } = await backend.open())
		await prepareDatabase(database)
	})
	afterAll(async () => {
		leaveInProcess()
		await cleanup?.()
	})

	const lead = (email: string, list: 'workshop' | 'course' | 'day_event', at: Date) =>
		database.db
			.insert(leads)
			.values({ email, list, firstName: 'Ada', consentAt: at, createdAt: at, updatedAt: at })
			.returning({ id: leads.id })
			.then(([row]) => row!.id)
	const emailOf = async (id: number) =>
		(await database.db.select({ email: leads.email }).from(leads).where(eq(leads.id, id)))[0]!.email

	test('an address silent for 2 years is erased by the daily job, every sign-up of it; one with any later interaction is kept whole', async () => {
		const stale = await lead('stale@example.com', 'workshop', OLD)
		const staleToo = await lead('stale@example.com', 'course', OLD)
		const recent = await lead('recent@example.com', 'workshop', ago(30))
		// Old on one list, signed up again on another within the 2 years.
		const mixedOld = await lead('mixed@example.com', 'workshop', OLD)
		await lead('mixed@example.com', 'day_event', ago(400))
		// Old sign-ups, but confirmed, bought or answered the survey within the 2 years.
		const confirmed = await lead('confirmed@example.com', 'day_event', OLD)
		await database.db
			.update(leads)
			.set({ confirmedAt: ago(10), updatedAt: ago(10) })
			.where(eq(leads.id, confirmed))
		const buyer = await lead('Buyer@Example.com'.toLowerCase(), 'course', OLD)
		await database.db.insert(orders).values({
			id: 'order_retention-1',
			itemCode: 'ai-driven-dev-preorder',
			quantity: 1,
			status: 'paid',
			region: 'GLOBAL',
			amountMinor: 100,
			currency: 'USD',
			email: 'Buyer@Example.com',
			createdAt: ago(100),
		})
		const surveyed = await lead('surveyed@example.com', 'workshop', OLD)
		await database.db
			.insert(surveyResponses)
			.values({ email: 'surveyed@example.com', rating: 5, createdAt: ago(5) })

		const job = jobDefinitions(database.db).find((one) => one.kind === 'leads.retention')!
		expect(job.everySeconds).toBe(24 * 60 * 60)
		await job.run({}, {} as never, new AbortController().signal)

		expect(await emailOf(stale)).toMatch(/@erased\.invalid$/)
		expect(await emailOf(staleToo)).toMatch(/@erased\.invalid$/)
		expect(await isUnsubscribed(database.db, 'stale@example.com')).toBe(true)
		for (const [id, email] of [
			[recent, 'recent@example.com'],
			[mixedOld, 'mixed@example.com'],
			[confirmed, 'confirmed@example.com'],
			[buyer, 'buyer@example.com'],
			[surveyed, 'surveyed@example.com'],
		] as const)
			expect(await emailOf(id), email).toBe(email)
		// Written to the owner's audit log, under the policy's name, without the address.
		const audit = await database.db
			.select()
			.from(ownerAuditLog)
			.where(eq(ownerAuditLog.action, 'erase-lead'))
		expect(audit.map((line) => line.actor)).toEqual(['retention (privacy policy: 2 years)'])
		expect(JSON.stringify(audit)).not.toContain('stale@')
		// Run again: nothing left to erase.
		expect(await eraseStaleSignUps(database.db)).toBe(0)
		await database.db.execute(sql`DELETE FROM orders WHERE id = 'order_retention-1'`)
	})
})
