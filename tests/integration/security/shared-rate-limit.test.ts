/**
 * Limits hold across servers (docs/decisions/063, 069): with DATABASE_URL the form-post rate
 * limit is counted in PostgreSQL, so two app servers behind one balancer give a visitor
 * RATE_LIMIT_MAX posts in all, not twice as many. Runs when TEST_DATABASE_URL is set
 * (scripts/with-postgres.sh).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, TEST_DATABASE_URL } from '../../support/postgres'
import { type RunningServer, startServer } from '../../support/server'

describe.skipIf(!TEST_DATABASE_URL)('the rate limit with two app servers on one PostgreSQL', () => {
	let servers: RunningServer[] = []
	let drop: (() => Promise<void>) | undefined
	beforeAll(async () => {
		const database = await createTestDatabase()
		drop = database.drop
		const env = { DATABASE_URL: database.url, RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' }
		// One boots first: it migrates and seeds; the second finds the database ready.
		servers = [await startServer(env)]
		servers.push(await startServer(env))
	})
	afterAll(async () => {
		await Promise.all(servers.map((server) => server.stop()))
		await drop?.()
	})

	test('posts to either server count against one limit', async () => {
		const statuses: number[] = []
		for (let i = 0; i < 6; i++) {
			const server = servers[i % 2]!
			const response = await fetch(`${server.url}/workshop?index`, {
				method: 'POST',
				redirect: 'manual',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
				body: new URLSearchParams({ email: 'bad' }),
			})
			statuses.push(response.status)
			if (response.status === 429)
				expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
		}
		expect(statuses).toEqual([400, 400, 400, 429, 429, 429])
	})
})
