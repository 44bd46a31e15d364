/**
 * CSV for the owner's exports (docs/decisions/083): RFC 4180 quoting, and cells a spreadsheet
 * would run as a formula neutralised. A buyer's name or a referral URL is typed by a stranger;
 * `=HYPERLINK(...)`, `+cmd|...`, `-2+3`, `@SUM(...)` — and the same behind a tab or carriage
 * return, which some spreadsheets skip — would execute when the owner opens the file. Such a
 * cell gets a leading apostrophe, which spreadsheets show as text (OWASP "CSV injection").
 */

export type CsvValue = string | number | boolean | Date | null | undefined

const FORMULA_START = /^[=+\-@\t\r]/

/** One cell, neutralised and quoted as needed. Numbers are written as numbers. */
export function csvCell(value: CsvValue): string {
	if (value === null || value === undefined) return ''
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
	if (typeof value === 'boolean') return value ? 'true' : 'false'
	let text = value instanceof Date ? value.toISOString() : value
	if (FORMULA_START.test(text)) text = `'${text}`
	return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

function csvLine(values: readonly CsvValue[]): string {
	return `${values.map(csvCell).join(',')}\r\n`
}

/**
 * A CSV body that reads `rows` only as fast as the client takes them: each pull asks the
 * iterator for the next row, which fetches the next keyset batch when it needs one. Never the
 * whole table in memory.
 */
export function csvStream(
	header: readonly string[],
	rows: AsyncIterable<readonly CsvValue[]>,
): ReadableStream<Uint8Array> {
	const encoder = new TextEncoder()
	const iterator = rows[Symbol.asyncIterator]()
	let headerSent = false
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (!headerSent) {
				headerSent = true
				// A byte-order mark, so spreadsheets read the file as UTF-8 (names with accents).
				controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`))
				return
			}
			// A few hundred rows per chunk: fewer, larger writes than one per row.
			let chunk = ''
			for (let i = 0; i < 200; i++) {
				const next = await iterator.next()
				if (next.done) {
					if (chunk) controller.enqueue(encoder.encode(chunk))
					controller.close()
					return
				}
				chunk += csvLine(next.value)
			}
			controller.enqueue(encoder.encode(chunk))
		},
		async cancel() {
			await iterator.return?.()
		},
	})
}

/** A whole small CSV as text (the invoices of a period, docs/decisions/115), with the same BOM. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
	return `\uFEFF${csvLine(header)}${rows.map(csvLine).join('')}`
}
