/**
 * Find anyone (issue 27, docs/decisions/114): the owner types an order id, a pass id, the start of
 * an e-mail address, of a name or of a company's name (issue 36, decision 157), and gets the
 * order, the pass, and the people — one per address — with where each was found. Every statement
 * is a primary-key read or a prefix range on an index of 0021_find_anyone.sql (the company's:
 * 0046_owner_follow_ups.sql), walked in the index's order and cut after
 * SEARCH_LIMIT + 1 rows, so the answer costs the same at 100 orders as at 100,000: no statement
 * reads a table through. The ranges go to the database as one UNION ALL (one round trip).
 */
import { eq, like, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '~/db/client.server'
import { PUBLIC_ID } from '~/db/public-id.server'
import { orders, passes } from '~/db/schema.server'
import { leads, outbox } from '~/db/schema-leads.server'
import { prefixPattern } from '~/models/checkout/orders.server'

/** People shown at most; the owner types more to narrow. */
export const SEARCH_LIMIT = 20

/** Where a person was found, in the order the page names them. */
const SOURCES = ['orders', 'passes', 'sign-ups', 'e-mails'] as const
export type Source = (typeof SOURCES)[number]

export type FoundPerson = { email: string; names: string[]; foundIn: Source[] }

type Match = { email: string | null; name: string | null; source: Source }

const lower = (column: PgColumn) => sql`lower(${column})`
/** A full name's last word, as indexed: "Ada King Lovelace" is found by "lov" too. */
const lastWord = (column: PgColumn) => sql`lower(split_part(${column}, ' ', -1))`
const leadFullName = sql`lower(${leads.firstName} || ' ' || ${leads.lastName})`
/** The company an order's buyer gave for the invoice at checkout (its billing details, 115). */
const company = sql<string | null>`${orders.billing}->>'company'`
const leadName = sql<
	string | null
>`nullif(concat_ws(' ', ${leads.firstName}, ${leads.lastName}), '')`

/** What each table gives a match: the address, a name, and where it was found. */
const SHAPES = {
	orders: { table: orders, email: orders.email, name: orders.customerName },
	passes: { table: passes, email: passes.holderEmail, name: passes.holderName },
	'sign-ups': { table: leads, email: leads.email, name: leadName },
	'e-mails': { table: outbox, email: outbox.toAddress, name: sql<string | null>`NULL::text` },
} as const

/**
 * The first rows of `source` whose `key` starts with `pattern`, in the key's index order.
 * `ORDER BY key USING ~<~` is the order of a text_pattern_ops index, so the database walks the
 * prefix's range of the index and stops after `take` rows, however common the prefix: without
 * it, a prefix the statistics call common ("b") was read by a sequential scan, cheap only while
 * the matches happen to sit early in the table.
 */
function prefixRange(
	db: Db,
	source: Source,
	key: PgColumn | SQL,
	range: { pattern: string; take: number; part: number; name?: SQL },
) {
	const { pattern, take, part } = range
	const shape = { ...SHAPES[source], ...(range.name ? { name: range.name } : {}) }
	return db
		.select({
			// Named, since the UNION's rows are read by these names.
			email: sql<string | null>`${shape.email}`.as('email'),
			name: sql<string | null>`${shape.name}`.as('name'),
			source: sql<Source>`${source}::text`.as('source'),
			// Which statement a row came from, to tell when one was cut at its limit.
			part: sql<number>`${part}::int`.as('part'),
		})
		.from(shape.table)
		.where(like(key, pattern))
		.orderBy(sql`${key} USING ~<~`)
		.limit(take)
}

/** Each search statement, unexecuted (findAnyone sends them as one; a test reads their plans). */
export function searchStatements(db: Db, query: string) {
	const text = query.trim()
	const pattern = prefixPattern(text)
	const take = SEARCH_LIMIT + 1
	let part = 0
	const range = (source: Source, key: PgColumn | SQL, name?: SQL) =>
		prefixRange(db, source, key, { pattern, take, part: part++, name })
	// An address has no spaces and a name no @: each kind of text looks where it can be.
	const byEmail = text.includes(' ')
		? []
		: [
				range('orders', orders.email),
				range('passes', passes.holderEmail),
				range('sign-ups', leads.email),
				range('e-mails', outbox.toAddress),
			]
	const byName = text.includes('@')
		? []
		: [
				range('orders', lower(orders.customerName)),
				range('orders', lastWord(orders.customerName)),
				// A company is found by its start; the person found is its buyer, named by the company.
				range('orders', sql`lower(${company})`, company),
				range('passes', lower(passes.holderName)),
				range('passes', lastWord(passes.holderName)),
				...(text.includes(' ')
					? [range('sign-ups', leadFullName)]
					: [range('sign-ups', lower(leads.firstName)), range('sign-ups', lower(leads.lastName))]),
			]
	return [...byEmail, ...byName]
}

/** The order and the pass an exact public id names, if any (ids are case-sensitive). */
function idStatements(db: Db, text: string) {
	return {
		orders: db
			.select({ id: orders.id, status: orders.status, email: orders.email })
			.from(orders)
			.where(eq(orders.id, text)),
		passes: db
			.select({ id: passes.id, orderId: passes.orderId, holderEmail: passes.holderEmail })
			.from(passes)
			.where(eq(passes.id, text)),
	}
}

/** Matches merged into one entry per address, sorted by address; null-address rows dropped. */
function peopleOf(matches: Match[]): FoundPerson[] {
	const people = new Map<string, { names: Set<string>; foundIn: Set<Source> }>()
	for (const match of matches) {
		if (!match.email) continue
		const person = people.get(match.email) ?? { names: new Set(), foundIn: new Set() }
		if (match.name) person.names.add(match.name)
		person.foundIn.add(match.source)
		people.set(match.email, person)
	}
	return [...people.entries()]
		.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
		.map(([email, person]) => ({
			email,
			names: [...person.names],
			foundIn: SOURCES.filter((source) => person.foundIn.has(source)),
		}))
}

/** What `query` finds; `more` when some statement or the people were cut at the limit. */
export async function findAnyone(db: Db, query: string) {
	const text = query.trim()
	const ids = PUBLIC_ID.test(text) ? idStatements(db, text) : null
	const statements = searchStatements(db, text)
	// One round trip for every prefix range: each keeps its own ORDER BY and LIMIT in parentheses.
	const union = sql.join(
		statements.map((statement) => sql`(${statement})`),
		sql` UNION ALL `,
	)
	const [foundOrders, foundPasses, result] = await Promise.all([
		ids ? ids.orders : Promise.resolve([]),
		ids ? ids.passes : Promise.resolve([]),
		statements.length > 0 ? db.execute(union) : Promise.resolve({ rows: [] }),
	])
	const matches = (result as unknown as { rows: (Match & { part: number })[] }).rows
	const everyone = peopleOf(matches)
	const rowsOf = new Map<number, number>()
	for (const match of matches) rowsOf.set(match.part, (rowsOf.get(match.part) ?? 0) + 1)
	const cut = [...rowsOf.values()].some((rows) => rows > SEARCH_LIMIT)
	return {
		orders: foundOrders,
		passes: foundPasses,
		people: everyone.slice(0, SEARCH_LIMIT),
		more: cut || everyone.length > SEARCH_LIMIT,
	}
}
