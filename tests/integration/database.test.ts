/**
 * The data layer against PGlite (always) and PostgreSQL (when TEST_DATABASE_URL is set):
 * migrations, seed, counters and catalog queries.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Database, openDatabase } from '~/db/client.server'
import { defaultMigrationsDir, migrate, readMigrations } from '~/db/migrate.server'
import { prepareDatabase } from '~/db/prepare.server'
import { orders } from '~/db/schema.server'
import { COURSE_SLUG } from '~/db/seed-data'
import { loadCatalog, loadPricingTable, regionOfCountry } from '~/models/course/catalog.server'
import { countPaidSeats, loadCourse } from '~/models/course/course.server'
import { pglite, postgres } from '../support/databases'
import { createTestDatabase, TEST_DATABASE_URL } from '../support/postgres'

// Every shipped migration, in order: the list grows with each feature.
const shipped = readMigrations(defaultMigrationsDir()).map((migration) => migration.name)

function migrationsWith(extra: Record<string, string>): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
	fs.cpSync(defaultMigrationsDir(), dir, { recursive: true })
	for (const [name, sql] of Object.entries(extra)) fs.writeFileSync(path.join(dir, name), sql)
	return dir
}

function order(
	id: string,
	itemCode: string,
	quantity: number,
	status: 'paid' | 'pending' | 'refunded',
) {
	return { id, itemCode, quantity, status, region: 'GLOBAL', amountMinor: 24_900, currency: 'USD' }
}

// PostgreSQL runs only with TEST_DATABASE_URL; it stays listed so the skip is visible.
for (const backend of [pglite, postgres]) {
	const skip = backend === postgres && !TEST_DATABASE_URL
	describe.skipIf(skip)(`data layer on ${backend.name}`, () => {
		let database: Database
		let cleanup: () => Promise<void>

		beforeAll(async () => {
			;({ database, cleanup } = await backend.open())
		})
		afterAll(() => cleanup?.())

		test('a new database is migrated and seeded; doing it again changes nothing', async () => {
			expect((await prepareDatabase(database)).applied).toEqual(shipped)
			expect((await prepareDatabase(database)).applied).toEqual([])
			const table = await loadPricingTable(database.db)
			expect(Object.keys(table.countries)).toHaveLength(249)
			expect(table.regions.map((region) => [region.name, region.discountPercent])).toEqual([
				['GLOBAL', 0],
				['TIER1', 25],
				['TIER2', 40],
				['TIER3', 50],
				['TIER4', 60],
			])
		})

		test('the seeded course is AI Driven Dev, a pre-order with an FAQ', async () => {
			const course = await loadCourse(database.db, { slug: COURSE_SLUG, capacity: 500 })
			expect(course).toMatchObject({ name: 'AI Driven Dev', status: 'pre_order', slot: 491 })
			expect(course?.faq.length).toBeGreaterThan(3)
		})

		test('prices are stored per item and region, derived from the GLOBAL price', async () => {
			const global = await loadCatalog(database.db, 'GLOBAL')
			expect(global.map((item) => [item.code, item.type, item.price, item.currency])).toEqual([
				['ai-driven-dev-preorder', 'course', 249, 'USD'],
				['ai-driven-development-day-pass', 'pass', 99, 'USD'],
			])
			const tier4 = await loadCatalog(database.db, 'TIER4')
			expect(tier4.map((item) => item.price)).toEqual([100, 40])
			expect(await loadCatalog(database.db, 'NOWHERE')).toEqual([])
		})

		test('countries resolve to their region, unknown ones to GLOBAL', async () => {
			const table = await loadPricingTable(database.db)
			expect(regionOfCountry(table, 'IN').name).toBe('TIER4')
			expect(regionOfCountry(table, 'US').name).toBe('GLOBAL')
			expect(regionOfCountry(table, 'ZZ')).toMatchObject({ name: 'GLOBAL', level: 0 })
			expect(regionOfCountry(table, null).name).toBe('GLOBAL')
		})

		test('only paid seats of the course count as sold', async () => {
			await database.db
				.insert(orders)
				.values([
					order('o1', 'ai-driven-dev-preorder', 2, 'paid'),
					order('o2', 'ai-driven-dev-preorder', 1, 'paid'),
					order('o3', 'ai-driven-dev-preorder', 5, 'pending'),
					order('o4', 'ai-driven-dev-preorder', 1, 'refunded'),
					order('o5', 'ai-driven-development-day-pass', 4, 'paid'),
				])
			expect(await countPaidSeats(database.db, COURSE_SLUG)).toBe(3)
			// 10 seats: the slot figure is 1, so 1 shows as sold and 9 as remaining.
			expect(await loadCourse(database.db, { slug: COURSE_SLUG, capacity: 10 })).toMatchObject({
				actualSlot: 10,
				slot: 1,
				actualSold: 3,
				sold: 1,
				remaining: 9,
			})
		})

		test('a new migration file is applied on its own; a failing one leaves no trace', async () => {
			const good = migrationsWith({
				'9001_test_notes.sql': 'CREATE TABLE test_notes (id integer PRIMARY KEY);',
			})
			expect(await migrate(database, good)).toEqual(['9001_test_notes.sql'])
			const bad = migrationsWith({
				'9001_test_notes.sql': 'CREATE TABLE test_notes (id integer PRIMARY KEY);',
				'9002_broken.sql': 'CREATE TABLE test_half (id integer); SELECT no_such_function();',
			})
			await expect(migrate(database, bad)).rejects.toThrow()
			const [half] = await database.withExclusiveSession((session) =>
				session.query<{ exists: boolean }>(
					"SELECT to_regclass('public.test_half') IS NOT NULL AS exists",
				),
			)
			expect(half?.exists).toBe(false)
			const names = await database.withExclusiveSession((session) =>
				session.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name'),
			)
			expect(names.map((row) => row.name)).toEqual([...shipped, '9001_test_notes.sql'])
		})

		test('misnamed migration files are refused before anything runs', async () => {
			const dir = migrationsWith({ 'add-things.sql': 'SELECT 1;' })
			await expect(migrate(database, dir)).rejects.toThrow(/NNNN_name\.sql: add-things\.sql/)
		})

		test.skipIf(backend !== postgres)(
			'app servers migrating together take turns: each migration runs once',
			async () => {
				const { url: freshUrl, drop } = await createTestDatabase()
				const servers = await Promise.all(
					[1, 2, 3].map(() => openDatabase({ url: freshUrl, poolMax: 2 })),
				)
				try {
					const results = await Promise.all(servers.map((server) => prepareDatabase(server)))
					expect(results.flatMap((result) => result.applied)).toEqual(shipped)
					const table = await loadPricingTable(servers[0]!.db)
					expect(Object.keys(table.countries)).toHaveLength(249)
				} finally {
					await Promise.all(servers.map((server) => server.close()))
					await drop()
				}
			},
		)
	})
}
