/**
 * The SQL migrations make the tables; the Drizzle schema (app/db/schema*.server.ts) describes
 * them to the queries (docs/decisions/010). Nothing else ties the two, so this suite migrates an
 * empty database and compares, table by table, every column's name, SQL type, nullability and
 * default, and that every migrated table is declared. On PGlite always, on PostgreSQL too when
 * TEST_DATABASE_URL is set.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { is, SQL } from 'drizzle-orm'
import { getTableConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { defaultMigrationsDir, migrate } from '~/db/migrate.server'
import { pglite, postgres } from '../support/databases'
import { TEST_DATABASE_URL } from '../support/postgres'

/** Tables the migrator keeps for itself, which no query reads through the schema. */
const BOOKKEEPING_TABLES = ['schema_migrations']

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../../app/db')

/** Every table of every schema module, so a new app/db/schema-*.server.ts is compared too. */
async function declaredTables(): Promise<PgTable[]> {
	const files = fs.readdirSync(SCHEMA_DIR).filter((file) => /^schema.*\.server\.ts$/.test(file))
	const modules = await Promise.all(
		files.map((file) => import(path.join(SCHEMA_DIR, file)) as Promise<Record<string, unknown>>),
	)
	return modules.flatMap((module) =>
		Object.values(module).filter((value): value is PgTable => is(value, PgTable)),
	)
}

/** A table's columns, each as one line: `type[ not null], default <value as text>`. */
type TableShape = Record<string, string>

type Session = Parameters<Parameters<Database['withExclusiveSession']>[0]>[0]

/**
 * The value of a default expression of a column of `type`, as text. A time is told relative to
 * now() (`now() + 00:30:00`), which is one instant within the transaction.
 */
async function evaluate(
	session: Session,
	type: string,
	expression: string,
	params: unknown[] = [],
) {
	const value = type.startsWith('timestamp')
		? `'now() + ' || ((${expression})::timestamptz - now())::text`
		: `(${expression})::text`
	const [row] = await session.query<{ value: string | null }>(`SELECT ${value} AS value`, params)
	return (row?.value ?? 'null').replace(/^now\(\) \+ 00:00:00$/, 'now()')
}

function shape(type: string, notNull: boolean, defaultValue: string): string {
	return `${type}${notNull ? ' not null' : ''}, default ${defaultValue}`
}

/** Drizzle's spelling of a type, in PostgreSQL's (as information_schema gives it). */
function sqlType(drizzleType: string): string {
	return drizzleType
		.replace(/^char\((\d+)\)$/, 'character($1)')
		.replace(/^varchar\((\d+)\)$/, 'character varying($1)')
		.replace(/^bigserial$/, 'bigint')
		.replace(/^serial$/, 'integer')
		.replace(/^smallserial$/, 'smallint')
}

/** What the schema declares, with each default evaluated by the database it is compared with. */
async function describeDeclared(session: Session): Promise<Record<string, TableShape>> {
	const dialect = new PgDialect()
	const shapes: Record<string, TableShape> = {}
	for (const table of await declaredTables()) {
		const config = getTableConfig(table)
		const columns: TableShape = {}
		for (const column of config.columns) {
			const type = sqlType(column.getSQLType())
			let defaultValue = 'none'
			if (column.default !== undefined) {
				if (is(column.default, SQL)) {
					const query = dialect.sqlToQuery(column.default)
					defaultValue = await evaluate(session, type, query.sql, query.params)
				} else {
					defaultValue = await evaluate(session, type, `$1::${type}`, [
						column.mapToDriverValue(column.default),
					])
				}
			} else if (/serial$/.test(column.getSQLType())) {
				defaultValue = 'a sequence'
			}
			columns[column.name] = shape(type, column.notNull, defaultValue)
		}
		shapes[config.name] = columns
	}
	return shapes
}

/** What the migrations made: the tables of schema `public` and their columns. */
async function describeMigrated(session: Session): Promise<Record<string, TableShape>> {
	const rows = await session.query<{
		table_name: string
		column_name: string
		data_type: string
		character_maximum_length: number | null
		is_nullable: 'YES' | 'NO'
		column_default: string | null
	}>(
		`SELECT c.table_name, c.column_name, c.data_type, c.character_maximum_length,
			c.is_nullable, c.column_default
		FROM information_schema.columns c
		JOIN information_schema.tables t
			ON t.table_schema = c.table_schema AND t.table_name = c.table_name
		WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
		ORDER BY c.table_name, c.ordinal_position`,
	)
	const shapes: Record<string, TableShape> = {}
	for (const row of rows) {
		const type =
			row.character_maximum_length === null
				? row.data_type
				: `${row.data_type}(${row.character_maximum_length})`
		const defaultValue =
			row.column_default === null
				? 'none'
				: row.column_default.startsWith('nextval(')
					? 'a sequence'
					: await evaluate(session, type, row.column_default)
		shapes[row.table_name] ??= {}
		shapes[row.table_name]![row.column_name] = shape(type, row.is_nullable === 'NO', defaultValue)
	}
	return shapes
}

/** Both descriptions, read in one transaction (rolled back) so that now() agrees. */
function compare(database: Database) {
	return database.withExclusiveSession(async (session) => {
		await session.exec('BEGIN')
		try {
			return {
				declared: await describeDeclared(session),
				migrated: await describeMigrated(session),
			}
		} finally {
			await session.exec('ROLLBACK')
		}
	})
}

/** The migrated tables, each narrowed to the tables the schema declares (and the others' names). */
function inSchemaTerms(declared: Record<string, TableShape>, migrated: Record<string, TableShape>) {
	return {
		columns: Object.fromEntries(Object.keys(declared).map((name) => [name, migrated[name]])),
		tables: Object.keys(migrated)
			.filter((name) => !BOOKKEEPING_TABLES.includes(name))
			.sort(),
	}
}

// PostgreSQL runs only with TEST_DATABASE_URL; it stays listed so the skip is visible.
for (const backend of [pglite, postgres]) {
	const skip = backend === postgres && !TEST_DATABASE_URL
	describe.skipIf(skip)(`the Drizzle schema and the migrations on ${backend.name}`, () => {
		let database: Database
		let cleanup: () => Promise<void>

		beforeAll(async () => {
			;({ database, cleanup } = await backend.open())
			await migrate(database)
		})
		afterAll(() => cleanup?.())

		test('every column the schema declares is migrated with the same type, nullability and default', async () => {
			const { declared, migrated } = await compare(database)
			expect(Object.keys(declared).length).toBeGreaterThan(10)
			expect(inSchemaTerms(declared, migrated).columns).toEqual(declared)
		})

		test('every migrated table is in the schema, but the migrations ledger', async () => {
			const { declared, migrated } = await compare(database)
			expect(inSchemaTerms(declared, migrated).tables).toEqual(Object.keys(declared).sort())
		})
	})
}

describe('the comparison itself', () => {
	let database: Database
	let cleanup: () => Promise<void>
	let migrations: string

	beforeAll(async () => {
		// The shipped migrations and one more that drifts from the schema in each way it can.
		migrations = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
		fs.cpSync(defaultMigrationsDir(), migrations, { recursive: true })
		fs.writeFileSync(
			path.join(migrations, '9999_drift.sql'),
			`ALTER TABLE courses ALTER COLUMN name DROP NOT NULL;
			ALTER TABLE courses ALTER COLUMN status SET DEFAULT 'draft';
			ALTER TABLE coupons ALTER COLUMN amount TYPE bigint;
			ALTER TABLE passes ADD COLUMN note text;
			CREATE TABLE stray (id integer);`,
		)
		;({ database, cleanup } = await pglite.open())
		await migrate(database, migrations)
	})
	afterAll(async () => {
		await cleanup?.()
		fs.rmSync(migrations, { recursive: true, force: true })
	})

	test('a column whose nullability, default or type drifted, an extra column and an undeclared table are all told apart', async () => {
		const { declared, migrated } = await compare(database)
		const found = inSchemaTerms(declared, migrated)
		expect(found.columns.courses).toMatchObject({
			name: 'text, default none',
			status: 'text not null, default draft',
		})
		expect(declared.courses).toMatchObject({
			name: 'text not null, default none',
			status: 'text not null, default pre_order',
		})
		expect(found.columns.coupons?.amount).toBe('bigint not null, default none')
		expect(declared.coupons?.amount).toBe('integer not null, default none')
		expect(found.columns.passes).toHaveProperty('note')
		expect(declared.passes).not.toHaveProperty('note')
		expect(found.tables).toContain('stray')
	})
})
