/**
 * Keyset pagination for the owner's lists and exports (docs/decisions/083): a page is "the rows
 * before this (time, id)", newest first, so page 500 costs what page 1 does (an index range
 * scan), and rows added meanwhile never shift a page the way OFFSET does. The cursor is opaque
 * to the browser: base64url of "ISO time|id".
 */
import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/**
 * `at` is the time as PostgreSQL prints it (microseconds): a JavaScript Date keeps only
 * milliseconds, and a cursor rounded down would skip rows within the same millisecond.
 */
export type Cursor = { at: string; id: string }

// As cursorTime prints it: UTC, so the date part can be checked as is.
const PG_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d{1,6})?\+00$/

function encodeCursor(at: string, id: string): string {
	return Buffer.from(`${at}|${id}`, 'utf8').toString('base64url')
}

/** The cursor in a query string, or null when absent; a malformed one is null too (page 1). */
export function decodeCursor(value: string | null | undefined): Cursor | null {
	if (!value || value.length > 200) return null
	const [at, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|')
	// Ids are ours: digits (leads, the log) or base64url (orders, passes); nothing else is one.
	if (!at || !id || rest.length > 0 || !/^[\w-]{1,64}$/.test(id)) return null
	const parts = PG_TIMESTAMP.exec(at)
	if (!parts) return null
	// A well-formed but impossible date (month 13) would make PostgreSQL throw: check it here.
	const time = Date.parse(`${parts[1]}T${parts[2]}Z`)
	if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== parts[1]) return null
	return { at, id }
}

/** The column as PostgreSQL prints it, to select beside a row for its cursor. */
export const cursorTime = (column: PgColumn) =>
	sql<string>`(${column} AT TIME ZONE 'UTC')::text || '+00'`

/** Rows strictly before the cursor in (time DESC, id DESC) order: one row comparison. */
export function beforeCursor(cursor: Cursor | null, at: PgColumn, id: PgColumn): SQL | undefined {
	if (!cursor) return undefined
	// The id column's own type: text for orders and passes, bigint for leads and the log.
	const numbered = id.columnType === 'PgBigSerial53'
	// A word where a number belongs would be a database error: that cursor is page 1.
	if (numbered && !/^\d{1,15}$/.test(cursor.id)) return undefined
	const key = numbered ? sql`${Number(cursor.id)}` : sql`${cursor.id}`
	return sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${key})`
}

/** A page of `limit` rows from a query that fetched `limit + 1`, and the next page's cursor. */
export function pageOf<T>(rows: T[], limit: number, key: (row: T) => Cursor) {
	const page = rows.slice(0, limit)
	const last = page.at(-1)
	return {
		rows: page,
		next: rows.length > limit && last ? encodeCursor(key(last).at, key(last).id) : null,
	}
}

/** Every row of a keyset-paged query, one page at a time (exports: never the whole table). */
export async function* everyRow<T>(
	fetchPage: (after: string | null) => Promise<{ rows: T[]; next: string | null }>,
): AsyncGenerator<T> {
	let after: string | null = null
	do {
		const page: { rows: T[]; next: string | null } = await fetchPage(after)
		yield* page.rows
		after = page.next
	} while (after)
}
