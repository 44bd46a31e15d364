/**
 * A bank statement's credits, as the owner uploads them (issue 37 item 2, docs/decisions/170):
 * what the import matches against the transfers waiting. The CSV shape is ours and documented
 * in the README (`date,amount,currency,reference,payer`); CAMT.053 is read by `camt053.ts`.
 * Pure: text in, credits or one clear refusal out, nothing half read.
 */
import { minorUnitsPerMajor } from '~/domain/pricing'
import { isCreditorReference } from './reference'

/** One credit to the account: money that arrived. */
export type StatementCredit = {
	/** The bank's own identity of the entry (CAMT's AcctSvcrRef or NtryRef), null in a CSV. */
	bankRef: string | null
	/** `YYYY-MM-DD`, the booking day. */
	bookedOn: string
	amountMinor: number
	/** Lower case, as orders keep it. */
	currency: string
	/** The remittance text as the payer wrote it (unstructured and structured references). */
	remittance: string
	payer: string
}

/** What an imported credit became (docs/decisions/170). */
export type StatementEntryStatus = 'matched' | 'unmatched' | 'assigned' | 'dismissed'

/** Why a credit was not recorded for an order, in the owner's words. */
export const UNMATCHED_REASONS = {
	'no-reference': 'No payment reference in the text',
	'unknown-reference': 'No transfer has this reference',
	'already-paid': 'The order is already paid',
	'not-waiting': 'The order no longer waits for a transfer',
	'wrong-currency': 'Not in the order’s currency',
	'too-much': 'More than is due',
} as const
export type UnmatchedReason = keyof typeof UNMATCHED_REASONS

export type ParsedStatement =
	| { ok: true; format: 'camt.053' | 'csv'; credits: StatementCredit[] }
	| { ok: false; error: string }

/** Remittance text and names are kept to what a bank carries (140) and a screen can show. */
const TEXT_MAX = 280
export const CSV_COLUMNS = ['date', 'amount', 'currency', 'reference', 'payer'] as const

export function refusal(error: string): ParsedStatement {
	return { ok: false, error }
}

/** Trimmed, single-spaced, without control characters, at most TEXT_MAX characters. */
export function cleanText(text: string): string {
	return (
		text
			// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
			.replace(/[\u0000-\u001f\u007f]+/g, ' ')
			.replace(/\s+/g, ' ')
			.trim()
			.slice(0, TEXT_MAX)
	)
}

/** Whether `day` is a real calendar day written `YYYY-MM-DD`. */
export function isDay(day: string): boolean {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false
	const at = new Date(`${day}T00:00:00Z`)
	return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day)
}

/**
 * `1245.00` in `currency` as minor units, exactly (no floating point), or null when it is not a
 * plain decimal amount with at most the currency's decimals. The sign is the caller's.
 */
export function minorOfAmount(text: string, currency: string): number | null {
	const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text.trim())
	if (!match) return null
	const perMajor = minorUnitsPerMajor(currency)
	const decimals = String(perMajor).length - 1
	const fraction = (match[2] ?? '').replace(/0+$/, '')
	if (fraction.length > decimals) return null
	return Number(match[1]) * perMajor + Number(fraction.padEnd(decimals, '0') || '0')
}

/** Whether `text` is an ISO 4217 code a price can be in. */
export function isCurrency(text: string): boolean {
	if (!/^[A-Za-z]{3}$/.test(text)) return false
	try {
		new Intl.NumberFormat('en', { style: 'currency', currency: text })
		return true
	} catch {
		return false
	}
}

/**
 * The RF creditor references written anywhere in `remittance`, however spaced or cased
 * ("rf18 5390 0754 7034", "Ref: RF18-5390…"): every run after "RF" and two digits whose check
 * holds. A transfer's reference is one of them when the payer wrote it.
 */
export function referencesIn(remittance: string): string[] {
	const text = remittance.toUpperCase().replace(/[^A-Z0-9]/g, '')
	const found = new Set<string>()
	for (const match of text.matchAll(/RF\d{2}/g)) {
		const rest = text.slice(match.index + 4, match.index + 4 + 21)
		for (let length = 1; length <= rest.length; length++) {
			const candidate = `${match[0]}${rest.slice(0, length)}`
			if (isCreditorReference(candidate)) found.add(candidate)
		}
	}
	return [...found]
}

/** The records of a CSV text, each its cells (RFC 4180 quoting); blank lines dropped. */
export function csvRecords(text: string, delimiter: string): string[][] {
	const records: string[][] = []
	let record: string[] = []
	let cell = ''
	let quoted = false
	for (let i = 0; i < text.length; i++) {
		const char = text[i]
		if (quoted) {
			if (char === '"' && text[i + 1] === '"') {
				cell += '"'
				i++
			} else if (char === '"') quoted = false
			else cell += char
		} else if (char === '"' && cell === '') quoted = true
		else if (char === delimiter) {
			record.push(cell)
			cell = ''
		} else if (char === '\n' || char === '\r') {
			if (char === '\r' && text[i + 1] === '\n') i++
			record.push(cell)
			records.push(record)
			record = []
			cell = ''
		} else cell += char
	}
	if (cell !== '' || record.length > 0) records.push([...record, cell])
	return records.filter((cells) => cells.some((value) => value.trim() !== ''))
}

/**
 * A CSV statement: a header naming the columns `date`, `amount`, `currency`, `reference` and
 * `payer` (any order, any case, more columns ignored), comma or semicolon separated; a day as
 * `YYYY-MM-DD`, an amount with a point (`1245.00`; negative, a debit, is skipped). A bad line
 * refuses the whole file, named by its line, so nothing is imported half.
 */
export function parseCsvStatement(text: string): ParsedStatement {
	const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? ''
	const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ','
	const [header, ...rows] = csvRecords(text.replace(/^\uFEFF/, ''), delimiter)
	const names = (header ?? []).map((name) => name.trim().toLowerCase())
	const missing = CSV_COLUMNS.filter((column) => !names.includes(column))
	if (missing.length > 0)
		return refusal(
			`The CSV's first line names its columns: ${CSV_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`,
		)
	const at = Object.fromEntries(CSV_COLUMNS.map((column) => [column, names.indexOf(column)]))
	const credits: StatementCredit[] = []
	for (const [index, cells] of rows.entries()) {
		const line = index + 2
		const cell = (column: (typeof CSV_COLUMNS)[number]) => (cells[at[column] ?? -1] ?? '').trim()
		const [day, amount, currency] = [cell('date'), cell('amount'), cell('currency')]
		if (!isDay(day)) return refusal(`Line ${line}: the date must be a day like 2026-11-29.`)
		if (!isCurrency(currency)) return refusal(`Line ${line}: the currency must be a code like EUR.`)
		if (amount.startsWith('-')) continue
		const amountMinor = minorOfAmount(amount.replace(/^\+/, ''), currency)
		if (amountMinor === null)
			return refusal(`Line ${line}: the amount must be a number like 1245.00.`)
		if (amountMinor === 0) continue
		credits.push({
			bankRef: null,
			bookedOn: day,
			amountMinor,
			currency: currency.toLowerCase(),
			remittance: cleanText(cell('reference')),
			payer: cleanText(cell('payer')),
		})
	}
	return { ok: true, format: 'csv', credits }
}
