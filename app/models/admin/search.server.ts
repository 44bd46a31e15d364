/**
 * Find anyone (issue 27, docs/decisions/114): the owner types an order id, a pass id, the start of
 * an e-mail address or the start of a name, and gets the order, the pass, and the people — one
 * per address — with where each was found. Every statement is a primary-key read or a prefix
 * range on an index of 0036_find_anyone.sql, capped at SEARCH_LIMIT rows, so the answer costs
 * the same at 100 orders as at 100,000: no statement reads a table through.
 */
import { eq, like, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '~/db/client.server'
import { orders, passes } from '~/db/schema.server'
import { leads, outbox } from '~/db/schema-leads.server'
import { PUBLIC_ID } from '~/models/checkout/public-id.server'
import { prefixPattern } from './orders.server'

/** People shown at most; the owner types more to narrow. */
export const SEARCH_LIMIT = 20

/** Where a person was found, in the order the page names them. */
const SOURCES = ['orders', 'passes', 'sign-ups', 'e-mails'] as const
export type Source = (typeof SOURCES)[number]

export type FoundPerson = { email: string; names: string[]; foundIn: Source[] }

type Match = { email: string | null; name: string | null; source: Source }

const lower = (column: PgColumn | SQL) => sql`lower(${column})`
/** A full name's last word, as indexed: "Ada King Lovelace" is found by "lov" too. */
const lastWord = (column: PgColumn) => sql`lower(split_part(${column}, ' ', -1))`

/**
 * Each search statement, unexecuted (a test reads their plans). None has an ORDER BY: a prefix
 * range on a text_pattern_ops index cannot also give the collation's order, and sorting every
 * match of "a" would read thousands of rows; the first SEARCH_LIMIT + 1 of each are sorted here.
 */
export function searchStatements(db: Db, query: string) {
	const text = query.trim()
	const pattern = prefixPattern(text)
	const take = SEARCH_LIMIT + 1
	const byEmail = [
		db
			.select({ email: orders.email, name: orders.customerName, source: sql<Source>`'orders'` })
			.from(orders)
			.where(like(orders.email, pattern))
			.limit(take),
		db
			.select({
				email: passes.holderEmail,
				name: passes.holderName,
				source: sql<Source>`'passes'`,
			})
			.from(passes)
			.where(like(passes.holderEmail, pattern))
			.limit(take),
		db
			.select({ email: leads.email, name: leadName, source: sql<Source>`'sign-ups'` })
			.from(leads)
			.where(like(leads.email, pattern))
			.limit(take),
		db
			.select({ email: outbox.toAddress, name: sql<null>`NULL`, source: sql<Source>`'e-mails'` })
			.from(outbox)
			.where(like(outbox.toAddress, pattern))
			.limit(take),
	]
	// An address has no spaces and a name no @: each kind of text looks where it can be.
	const byName = text.includes('@')
		? []
		: [
				...[lower(orders.customerName), lastWord(orders.customerName)].map((column) =>
					db
						.select({
							email: orders.email,
							name: orders.customerName,
							source: sql<Source>`'orders'`,
						})
						.from(orders)
						.where(like(column, pattern))
						.limit(take),
				),
				...[lower(passes.holderName), lastWord(passes.holderName)].map((column) =>
					db
						.select({
							email: passes.holderEmail,
							name: passes.holderName,
							source: sql<Source>`'passes'`,
						})
						.from(passes)
						.where(like(column, pattern))
						.limit(take),
				),
				...(text.includes(' ')
					? [leadFullName]
					: [lower(leads.firstName), lower(leads.lastName)]
				).map((column) =>
					db
						.select({ email: leads.email, name: leadName, source: sql<Source>`'sign-ups'` })
						.from(leads)
						.where(like(column, pattern))
						.limit(take),
				),
			]
	return [...(text.includes(' ') ? [] : byEmail), ...byName]
}

const leadFullName = sql`lower(${leads.firstName} || ' ' || ${leads.lastName})`
const leadName = sql<
	string | null
>`nullif(concat_ws(' ', ${leads.firstName}, ${leads.lastName}), '')`

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
	const [foundOrders, foundPasses, ...matchLists] = await Promise.all([
		ids ? ids.orders : Promise.resolve([]),
		ids ? ids.passes : Promise.resolve([]),
		...searchStatements(db, text),
	])
	const everyone = peopleOf(matchLists.flat() as Match[])
	const cut = matchLists.some((rows) => rows.length > SEARCH_LIMIT)
	return {
		orders: foundOrders,
		passes: foundPasses,
		people: everyone.slice(0, SEARCH_LIMIT),
		more: cut || everyone.length > SEARCH_LIMIT,
	}
}
