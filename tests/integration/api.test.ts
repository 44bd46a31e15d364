/**
 * The JSON API of SPEC §7 and the landing page's data, served by the production build, on
 * PGlite (always) and on PostgreSQL (when TEST_DATABASE_URL is set). Needs `npm run build`.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from '~/db/client.server'
import { orders } from '~/db/schema.server'
import { createTestDatabase, TEST_DATABASE_URL } from '../support/postgres'
import { type RunningServer, startServer, withMetricsToken } from '../support/server'

const root = path.resolve(import.meta.dirname, '../..')

type Backend = {
	name: string
	/** Environment for the server, and a way to put orders straight into its database. */
	setUp: () => Promise<{
		env: Record<string, string>
		insertOrders: (rows: (typeof orders.$inferInsert)[]) => Promise<void>
		tearDown: () => Promise<void>
	}>
}

const pglite: Backend = {
	name: 'PGlite',
	async setUp() {
		const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'))
		return {
			env: { DATA_DIR: dataDir },
			// PGlite belongs to one process: the server must be stopped while the test writes.
			insertOrders: async (rows) => {
				const database = await openDatabase({ dir: path.join(dataDir, 'pglite') })
				await database.db.insert(orders).values(rows)
				await database.close()
			},
			tearDown: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
		}
	},
}

const postgres: Backend = {
	name: 'PostgreSQL',
	async setUp() {
		const { url, drop } = await createTestDatabase()
		return {
			env: { DATABASE_URL: url },
			insertOrders: async (rows) => {
				const database = await openDatabase({ url })
				await database.db.insert(orders).values(rows)
				await database.close()
			},
			tearDown: drop,
		}
	},
}

/** A stand-in for the third-party geolocation service: Brazil for 200.147.67.142, slow for 14.139.0.1. */
async function startFakeGeoService() {
	const requests: string[] = []
	const server = http.createServer((req, res) => {
		requests.push(req.url ?? '')
		if (req.url === '/json/14.139.0.1') return // never answers: the site must time out
		if (req.url === '/json/200.147.67.142') {
			res.setHeader('Content-Type', 'application/json')
			res.end(
				JSON.stringify({
					countryCode: 'BR',
					country: 'Brazil',
					city: 'São Paulo',
					timezone: 'America/Sao_Paulo',
				}),
			)
			return
		}
		res.statusCode = 404
		res.end('{}')
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		url: `http://127.0.0.1:${port}/json/{ip}`,
		requests,
		close: () => {
			server.closeAllConnections()
			return new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}

const seat = (id: string, quantity: number, status: 'paid' | 'pending') => ({
	id,
	itemCode: 'ai-driven-dev-preorder',
	quantity,
	status,
	region: 'GLOBAL',
	amountMinor: 24_900,
	currency: 'USD',
})

for (const backend of [pglite, postgres]) {
	describe.skipIf(backend === postgres && !TEST_DATABASE_URL)(`JSON API on ${backend.name}`, () => {
		let server: RunningServer
		let geo: Awaited<ReturnType<typeof startFakeGeoService>>
		let tearDown: () => Promise<void>
		const get = (url: string, headers: Record<string, string> = {}) =>
			fetch(`${server.url}${url}`, { headers })

		beforeAll(async () => {
			geo = await startFakeGeoService()
			const setup = await backend.setUp()
			tearDown = setup.tearDown
			const env = {
				...setup.env,
				COURSE_SLOTS: '10',
				TRUST_PROXY: '1',
				GEO_COUNTRY_HEADER: 'CF-IPCountry',
				GEO_SERVICE_URL: geo.url,
				GEO_SERVICE_TIMEOUT_MS: '300',
			}
			// First boot creates and seeds the database; then paid seats are recorded directly,
			// as checkout will, and the server starts again on the same data.
			server = await startServer(env)
			expect(server.output()).toContain('migrated 0001_course_catalog_pricing.sql')
			await server.stop()
			await setup.insertOrders([
				seat('a', 2, 'paid'),
				seat('b', 1, 'paid'),
				seat('c', 4, 'pending'),
			])
			server = await startServer(env)
			expect(server.output()).not.toContain('migrated')
		}, 60_000)

		afterAll(async () => {
			await server?.stop()
			await geo?.close()
			await tearDown?.()
		})

		test('GET /api/course answers the course with its counters', async () => {
			const response = await get('/api/course')
			expect(response.status).toBe(200)
			expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/)
			const { data } = await response.json()
			expect(data).toMatchObject({
				slug: 'ai-driven-dev',
				name: 'AI Driven Dev',
				status: 'pre_order',
				// COURSE_SLOTS=10: 1 shown as the slot, 3 paid, so 1 shows as sold and 9 remain.
				actualSlot: 10,
				slot: 1,
				actualSold: 3,
				sold: 1,
				remaining: 9,
			})
			expect(data.faq[0]).toEqual({ question: expect.any(String), answer: expect.any(String) })
		})

		test('GET /api/purchase-count answers the seats actually paid for', async () => {
			const response = await get('/api/purchase-count')
			expect(response.status).toBe(200)
			expect(await response.json()).toEqual({ data: { count: 3 } })
		})

		test('GET /api/catalog defaults to GLOBAL prices in major units', async () => {
			const response = await get('/api/catalog')
			expect(response.status).toBe(200)
			expect(response.headers.get('cache-control')).toMatch(/public, max-age=\d+/)
			const { data } = await response.json()
			expect(data).toEqual([
				expect.objectContaining({
					code: 'ai-driven-dev-preorder',
					type: 'course',
					name: expect.any(String),
					price: 249,
					currency: 'USD',
				}),
				expect.objectContaining({
					code: 'ai-driven-development-day-pass',
					type: 'pass',
					price: 99,
					currency: 'USD',
				}),
			])
		})

		test('GET /api/catalog prices a region and narrows by type and code', async () => {
			const tier4 = await (await get('/api/catalog?region=TIER4')).json()
			expect(tier4.data.map((item: { price: number }) => item.price)).toEqual([100, 40])
			const passes = await (await get('/api/catalog?region=tier2&type=pass')).json()
			expect(passes.data).toEqual([
				expect.objectContaining({ code: 'ai-driven-development-day-pass', price: 59 }),
			])
			const byCode = await (await get('/api/catalog?code=ai-driven-dev-preorder&utm=x')).json()
			expect(byCode.data).toHaveLength(1)
			const none = await (await get('/api/catalog?type=workshop')).json()
			expect(none.data).toEqual([])
		})

		test('GET /api/catalog treats any unknown or garbage region as GLOBAL', async () => {
			for (const query of [
				'region=MARS',
				'region=',
				`region=${'A'.repeat(5000)}`,
				'region=%F0%9F%92%A5',
				'region=%00',
				"region=GLOBAL'%20OR%201=1--",
				'region=TIER4&region=TIER1',
				'region[]=TIER4',
			]) {
				const response = await get(`/api/catalog?${query}`)
				expect(response.status, query).toBe(200)
				const prices = (await response.json()).data.map((item: { price: number }) => item.price)
				expect(prices, query).toEqual(query.startsWith('region=TIER4') ? [100, 40] : [249, 99])
			}
		})

		test('GET /api/catalog answers a malformed filter with 400, never 500', async () => {
			for (const query of [
				'type=%3Cscript%3E',
				`code=${'x'.repeat(200)}`,
				'type=',
				'code=%E0%A4%A',
			]) {
				const response = await get(`/api/catalog?${query}`)
				expect(response.status, query).toBe(400)
				expect((await response.json()).error, query).toEqual(expect.any(String))
			}
		})

		test('GET /api/country: an address the site cannot place is level 0, GLOBAL', async () => {
			const response = await get('/api/country')
			expect(response.status).toBe(200)
			expect(response.headers.get('cache-control')).toMatch(/^private/)
			expect(await response.json()).toMatchObject({ level: 0, details: { region: 'GLOBAL' } })
		})

		test('GET /api/country trusts the CDN country header first', async () => {
			const response = await get('/api/country', {
				'CF-IPCountry': 'in',
				'X-Forwarded-For': '200.147.67.142',
			})
			expect(await response.json()).toEqual({
				level: 4,
				details: expect.objectContaining({
					region: 'TIER4',
					countryCode: 'IN',
					country: 'India',
					source: 'header',
				}),
			})
		})

		test('GET /api/country then asks the geolocation service with the address in the path', async () => {
			const response = await get('/api/country', { 'X-Forwarded-For': '200.147.67.142' })
			expect(await response.json()).toEqual({
				level: 2,
				details: expect.objectContaining({
					region: 'TIER2',
					countryCode: 'BR',
					country: 'Brazil',
					city: 'São Paulo',
					timezone: 'America/Sao_Paulo',
					source: 'service',
				}),
			})
			expect(geo.requests).toContain('/json/200.147.67.142')
		})

		test('GET /api/country falls back to the offline database when the service is slow', async () => {
			const started = Date.now()
			const response = await get('/api/country', { 'X-Forwarded-For': '14.139.0.1' })
			expect(await response.json()).toMatchObject({
				level: 4,
				details: { region: 'TIER4', countryCode: 'IN', source: 'offline' },
			})
			expect(Date.now() - started).toBeLessThan(3_000)
		})

		test('GET /api/country survives garbage headers', async () => {
			const garbage: Record<string, string>[] = [
				{ 'CF-IPCountry': 'XX' },
				{ 'CF-IPCountry': '<script>' },
				{ 'CF-IPCountry': 'ZZZ, IN' },
				{ 'X-Forwarded-For': 'not-an-ip' },
				{ 'X-Forwarded-For': '10.0.0.1' },
			]
			for (const headers of garbage) {
				const response = await get('/api/country', headers)
				expect(response.status).toBe(200)
				expect(await response.json()).toMatchObject({ level: 0, details: { region: 'GLOBAL' } })
			}
		})

		test('a POST, PUT or DELETE to a JSON API route answers a clear 405 that says what is allowed', async () => {
			for (const path of [
				'/api/course',
				'/api/purchase-count',
				'/api/catalog',
				'/api/country',
				'/api/icons/site',
			]) {
				for (const method of ['POST', 'PUT', 'DELETE']) {
					const response = await fetch(`${server.url}${path}`, {
						method,
						headers: { 'Content-Type': 'application/json' },
						body: '{}',
					})
					expect(response.status, `${method} ${path}`).toBe(405)
					expect(response.headers.get('Allow'), `${method} ${path}`).toBe('GET, HEAD')
					expect(await response.json(), `${method} ${path}`).toEqual({
						error: 'Method not allowed: this address answers GET and HEAD',
					})
				}
			}
		})

		test('the landing page shows the course name, the regional price and the seats', async () => {
			const html = await (await get('/', { 'CF-IPCountry': 'IN' })).text()
			expect(html).toContain('AI Driven Dev')
			expect(html).toMatch(/data-testid="seat-price">\$100</)
			// One seat is "1 seat", through the plural rules (docs/decisions/088). "Left" is what a
			// checkout would sell (issue 36 item 3): not SPEC §9's `remaining` (9 here, with 3 of 10
			// paid), which counts the shown sold figure and no held seats.
			const { data } = await (await get('/api/course')).json()
			expect(data.available).toBeLessThan(data.remaining)
			expect(html).toContain(
				data.available > 0
					? `<strong>1</strong> seat sold · <strong>${data.available}</strong> ${data.available === 1 ? 'seat' : 'seats'} left`
					: '<strong>1</strong> seat sold · <strong>Sold out</strong>',
			)
			expect(html).not.toMatch(/<strong>9<\/strong> seats left/)
			const global = await (await get('/?pricing=global', { 'CF-IPCountry': 'IN' })).text()
			expect(global).toMatch(/data-testid="seat-price">\$249</)
			expect(global).toContain('Use regional pricing for India')
		})

		test('GET /healthz checks the database', async () => {
			const response = await get('/healthz', withMetricsToken)
			expect(response.status).toBe(200)
			expect(await response.json()).toEqual({
				status: 'ok',
				database: backend === postgres ? 'postgres' : 'pglite',
				// The job queue at a glance (docs/decisions/075).
				queue: {
					waiting: expect.any(Number),
					scheduled: expect.any(Number),
					running: expect.any(Number),
					failed: 0,
					oldestWaitingSeconds: expect.any(Number),
				},
				pageCache: expect.objectContaining({
					hits: expect.any(Number),
					misses: expect.any(Number),
				}),
			})
		})
	})
}

describe('npm run db:migrate', () => {
	test('migrates and seeds a new embedded database, then finds it up to date', () => {
		const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-migrate-'))
		try {
			const run = () =>
				spawnSync(process.execPath, ['build/db-migrate.js'], {
					cwd: root,
					env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
					encoding: 'utf8',
				})
			const first = run()
			expect(first.status, first.stderr).toBe(0)
			expect(first.stdout).toContain('Database (pglite) migrated: 0001_course_catalog_pricing.sql')
			const second = run()
			expect(second.stdout).toContain('Database (pglite) already up to date')
		} finally {
			fs.rmSync(dataDir, { recursive: true, force: true })
		}
	})

	test('a bad DATABASE_URL stops it with a message that does not echo the value', () => {
		const result = spawnSync(process.execPath, ['build/db-migrate.js'], {
			cwd: root,
			env: { ...process.env, DATABASE_URL: 'mysql://root:hunter2@db/site' },
			encoding: 'utf8',
		})
		expect(result.status).toBe(1)
		expect(result.stderr).toContain('DATABASE_URL must be a PostgreSQL URL')
		expect(result.stderr).not.toContain('hunter2')
	})
})
