/**
 * Sign-up confirmations cannot flood a third party's inbox (docs/decisions/103): per mailbox
 * (`+tag`, case and Gmail's dots folded), per recipient domain and site-wide, an hour's
 * confirmations are counted in the outbox, so the limits hold across app servers. Past a limit
 * the sign-up is still stored and the visitor sees the same answer; no mail goes out. The
 * greeting names only a name that passes the name rules. Against the production build and a
 * fake SMTP server, and on the data layer (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { leads, outbox } from '~/db/schema-leads.server'
import { type LeadInput, signUp } from '~/models/leads/leads.server'
import { startSmtp } from '../../fakes/smtp'
import { databaseBackends } from '../../support/databases'
import { leaveInProcess, useInProcess } from '../../support/in-process'
import { queueSettled, type RunningServer, startServer } from '../../support/server'

describe('confirmations to one mailbox through the form', () => {
	let server: RunningServer
	let smtp: Awaited<ReturnType<typeof startSmtp>>

	beforeAll(async () => {
		smtp = await startSmtp()
		server = await startServer({ SMTP_URL: smtp.url, RATE_LIMIT_MAX: '1000' })
	}, 120_000)
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
	})

	async function signUpForWorkshop(email: string, firstName: string) {
		const html = await (await fetch(`${server.url}/workshop`)).text()
		const validFrom = html.match(/name="from__confirm"[^>]*value="([^"]+)"/)![1]!
		return fetch(`${server.url}/workshop?index`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: new URLSearchParams({ website: '', from__confirm: validFrom, email, firstName }),
		})
	}

	test('twelve sign-ups for victim+N@ send three confirmations; every visitor sees the same answer', async () => {
		for (let n = 1; n <= 12; n++) {
			const response = await signUpForWorkshop(`victim+${n}@example.com`, 'Mallory')
			expect(response.status).toBe(302)
			expect(response.headers.get('location')).toMatch(
				/^\/workshop\/enrolled\?session=workshop-[\d-]+$/,
			)
		}
		await smtp.waitFor('victim+1@example.com')
		await queueSettled(server)
		const arrived = smtp.received.filter((mail) => mail.to.join().startsWith('victim+'))
		expect(arrived).toHaveLength(3)
		// Someone else's mailbox at the same domain is not held back by the victim's.
		await signUpForWorkshop('bystander@example.com', 'Ada')
		await smtp.waitFor('bystander@example.com')
	})
})

describe.each(databaseBackends)('confirmation limits on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	const attribution = { partnerKey: null, referralUrl: null, marketing: {} }
	const workshop = (email: string, extra: Partial<LeadInput> = {}) =>
		signUp(database.db, {
			email,
			list: 'workshop',
			attribution,
			origin: 'https://site.test',
			...extra,
		})
	const confirmations = () => database.db.select({ to: outbox.toAddress }).from(outbox)

	beforeAll(async () => {
		useInProcess({
			CONFIRMATIONS_PER_MAILBOX_PER_HOUR: '2',
			CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '5',
			CONFIRMATIONS_PER_HOUR: '8',
		})
		;({ database, cleanup } = await backend.open())
		await migrate(database)
	})
	beforeEach(async () => {
		await database.db.delete(outbox)
		await database.db.delete(leads)
	})
	afterAll(async () => {
		await cleanup?.()
		leaveInProcess()
	})

	test('a mailbox gets its hourly number of confirmations, however its address is spelled', async () => {
		for (const email of ['v.ictim@gmail.com', 'Victim+1@gmail.com', 'vic.tim+2@googlemail.com'])
			await workshop(email)
		expect(await confirmations()).toHaveLength(2)
		// Every sign-up is stored all the same.
		expect(await database.db.select({ id: leads.id }).from(leads)).toHaveLength(3)
	})

	test('concurrent sign-ups for one mailbox from many addresses stay within the limit', async () => {
		await Promise.all(Array.from({ length: 12 }, (_, n) => workshop(`burst+${n}@example.net`)))
		expect(await confirmations()).toHaveLength(2)
	})

	test('a recipient domain gets its hourly number, then no more', async () => {
		for (let n = 0; n < 7; n++) await workshop(`person${n}@small.example`)
		expect(await confirmations()).toHaveLength(5)
		await workshop('someone@elsewhere.example')
		expect(await confirmations()).toHaveLength(6)
	})

	test('the site sends at most its hourly budget of confirmations', async () => {
		for (let n = 0; n < 10; n++) await workshop(`reader@domain${n}.example`)
		expect(await confirmations()).toHaveLength(8)
	})

	test('confirmations older than an hour no longer count', async () => {
		await workshop('again@example.org')
		await workshop('again+1@example.org')
		await workshop('again+2@example.org')
		expect(await confirmations()).toHaveLength(2)
		await database.db.update(outbox).set({ createdAt: sql`now() - interval '61 minutes'` })
		await workshop('again+3@example.org')
		expect(await confirmations()).toHaveLength(3)
	})

	test('a sign-up whose confirmation a limit held back gets it on signing up again once the limit allows', async () => {
		await workshop('held@example.org')
		await workshop('held+1@example.org')
		await workshop('held+2@example.org')
		const to = async (email: string) =>
			(await confirmations()).filter((row) => row.to === email).length
		expect(await to('held+2@example.org')).toBe(0)
		await database.db.update(outbox).set({ createdAt: sql`now() - interval '61 minutes'` })
		await workshop('held+2@example.org')
		expect(await to('held+2@example.org')).toBe(1)
		// Sent once: a third sign-up sends nothing more.
		await workshop('held+2@example.org')
		expect(await to('held+2@example.org')).toBe(1)
	})

	test('the greeting uses a name that passes the name rules, else none', async () => {
		await workshop('named@example.com', { firstName: 'Ada' })
		await workshop('unnamed@example.com', { firstName: 'Visit evil.example now please' })
		await workshop('too-short@example.com', { firstName: 'X' })
		const text = async (to: string) =>
			(await database.db.select().from(outbox).where(eq(outbox.toAddress, to)))[0]!.textBody
		expect(await text('named@example.com')).toContain('Hi Ada,')
		expect(await text('unnamed@example.com')).toMatch(/^Hi,$/m)
		expect(await text('unnamed@example.com')).not.toContain('evil')
		expect(await text('too-short@example.com')).toMatch(/^Hi,$/m)
	})
})
