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

/*
 * Sorted lists (docs/decisions/111): a list may be sorted by one column of an allow-list, either
 * way, and still pages by key: the rows after the last one shown in (column, id) order, which an
 * index on (column, id) answers. The cursor names the sort it was made for; under another sort
 * (a link kept from before a header was clicked, a hand-made cursor) it is page 1, like any bad
 * cursor (decision 103).
 */

type SortDirection = 'asc' | 'desc'
/** How a sort column's value travels in a cursor and is checked on its way back. */
export type SortKind = 'time' | 'integer' | 'text'
export type ListSort<C extends string = string> = { column: C; direction: SortDirection }
/** A sortable column: its kind and the way it is sorted first. */
export type SortColumn = { kind: SortKind; first: SortDirection }

/**
 * The sort in the query string (`sort`, `dir`) when both are on the list's allow-list; anything
 * else is the list's default sort. A column alone is sorted its first way.
 */
export function parseSort<C extends string>(
	params: URLSearchParams,
	columns: Record<C, SortColumn>,
	fallback: ListSort<C>,
): ListSort<C> {
	const column = params.get('sort')
	if (!column || !Object.hasOwn(columns, column)) return fallback
	const dir = params.get('dir')
	const direction: SortDirection =
		dir === 'asc' || dir === 'desc' ? dir : columns[column as C].first
	return { column: column as C, direction }
}

/** The sort as query parameters; nothing for the list's default sort (shorter URLs). */
export function sortQuery(sort: ListSort, fallback: ListSort): Record<string, string | undefined> {
	return sort.column === fallback.column && sort.direction === fallback.direction
		? { sort: undefined, dir: undefined }
		: { sort: sort.column, dir: sort.direction }
}

const sortTag = (sort: ListSort) => `${sort.column}.${sort.direction}`

function encodeSortedCursor(sort: ListSort, value: string, id: string): string {
	return Buffer.from(`${sortTag(sort)}|${encodeURIComponent(value)}|${id}`, 'utf8').toString(
		'base64url',
	)
}

function validSortValue(kind: SortKind, value: string): boolean {
	if (kind === 'integer') return /^-?\d{1,15}$/.test(value)
	if (kind === 'text') return value.length <= 320 && !/\p{Cc}/u.test(value)
	const parts = PG_TIMESTAMP.exec(value)
	if (!parts) return false
	const time = Date.parse(`${parts[1]}T${parts[2]}Z`)
	return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === parts[1]
}

/**
 * A sorted list's cursor, or null (page 1) when absent, malformed, or made for another sort or
 * list: its value must be of the column's kind, its id one of ours.
 */
export function decodeSortedCursor(
	raw: string | null | undefined,
	sort: ListSort,
	kind: SortKind,
): { value: string; id: string } | null {
	if (!raw || raw.length > 600) return null
	const [tag, encoded, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|')
	if (tag !== sortTag(sort) || encoded === undefined || !id || rest.length > 0) return null
	if (!/^[\w-]{1,64}$/.test(id)) return null
	let value: string
	try {
		value = decodeURIComponent(encoded)
	} catch {
		return null
	}
	return validSortValue(kind, value) ? { value, id } : null
}

/**
 * Rows after the cursor in the sort's order — (column, id) below it sorting down, above it
 * sorting up — as one row comparison.
 */
export function afterSortedCursor(
	cursor: { value: string; id: string } | null,
	sort: ListSort,
	kind: SortKind,
	column: PgColumn,
	id: PgColumn,
): SQL | undefined {
	if (!cursor) return undefined
	const numbered = id.columnType === 'PgBigSerial53'
	if (numbered && !/^\d{1,15}$/.test(cursor.id)) return undefined
	const key = numbered ? sql`${Number(cursor.id)}` : sql`${cursor.id}`
	const value =
		kind === 'time'
			? sql`${cursor.value}::timestamptz`
			: kind === 'integer'
				? sql`${Number(cursor.value)}`
				: sql`${cursor.value}`
	return sort.direction === 'desc'
		? sql`(${column}, ${id}) < (${value}, ${key})`
		: sql`(${column}, ${id}) > (${value}, ${key})`
}

/** ORDER BY for the sort: the column, then the id the same way (a total order). */
export function sortedOrder(sort: ListSort, column: PgColumn, id: PgColumn): SQL[] {
	return sort.direction === 'desc'
		? [sql`${column} DESC`, sql`${id} DESC`]
		: [sql`${column} ASC`, sql`${id} ASC`]
}

/** A page of a sorted list from `limit + 1` rows, and the next page's cursor for the same sort. */
export function sortedPageOf<T>(
	rows: T[],
	limit: number,
	sort: ListSort,
	key: (row: T) => { value: string; id: string },
) {
	const page = rows.slice(0, limit)
	const last = page.at(-1)
	return {
		rows: page,
		next:
			rows.length > limit && last ? encodeSortedCursor(sort, key(last).value, key(last).id) : null,
	}
}
