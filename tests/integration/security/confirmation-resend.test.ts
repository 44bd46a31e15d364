/**
 * The day-event confirmation (docs/decisions/062) is re-sent at most once per few minutes per
 * address: signing up again at once sends nothing, so the form cannot be used to flood someone's
 * inbox. Against the production build and a fake SMTP server, and on the data layer (PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { outbox } from '~/db/schema-leads.server'
import { signUp } from '~/models/leads/leads.server'
import { startSmtp } from '../../fakes/smtp'
import { databaseBackends } from '../../support/databases'
import { queueSettled, type RunningServer, startServer } from '../../support/server'

describe('day-event confirmation re-sends', () => {
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

	async function signUp(email: string) {
		const html = await (await fetch(`${server.url}/ai-driven-development-day`)).text()
		const validFrom = html.match(/name="from__confirm"[^>]*value="([^"]+)"/)![1]!
		const response = await fetch(`${server.url}/ai-driven-development-day?index`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: new URLSearchParams({ website: '', from__confirm: validFrom, email }),
		})
		return response
	}

	test('ten sign-ups for one address in a row send one confirmation', async () => {
		for (let i = 0; i < 10; i++) {
			const response = await signUp('victim@example.com')
			// The visitor sees the same answer every time.
			expect(response.headers.get('location')).toBe('/ai-driven-development-day/enrolled')
		}
		// Deliveries are jobs (docs/decisions/075): counted once the queue has settled.
		await smtp.waitFor('victim@example.com')
		await queueSettled(server)
		expect(smtp.received.filter((m) => m.to.includes('victim@example.com'))).toHaveLength(1)
		// Another address gets its own.
		await signUp('other@example.com')
		await smtp.waitFor('other@example.com')
		await queueSettled(server)
		expect(smtp.received.filter((m) => m.to.includes('other@example.com'))).toHaveLength(1)
	})
})

describe.each(databaseBackends)('day-event confirmation re-sends on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	beforeAll(async () => {
		// The confirmation link is signed: a secret of our own, so nothing is written to ./data.
		process.env.SESSION_SECRET ??= 'confirmation-resend-test-secret-0123456789'
		;({ database, cleanup } = await backend.open())
		await migrate(database)
	})
	afterAll(() => cleanup?.())

	test('twenty concurrent sign-ups for one address write one confirmation to the outbox', async () => {
		const attribution = { partnerKey: null, referralUrl: null, marketing: {} }
		await Promise.all(
			Array.from({ length: 20 }, () =>
				signUp(database.db, {
					email: 'Burst@Example.com',
					list: 'day_event',
					attribution,
					origin: 'https://site.test',
				}),
			),
		)
		const sent = await database.db
			.select({ id: outbox.id })
			.from(outbox)
			.where(eq(outbox.toAddress, 'burst@example.com'))
		expect(sent).toHaveLength(1)
	})
})
