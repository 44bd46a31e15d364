import { describe, expect, test } from 'vitest'
import { decodeCursor } from '~/db/cursor.server'
import {
	dateRangeSchema,
	emailFiltersSchema,
	leadFiltersSchema,
	orderFiltersSchema,
	parseFilters,
} from './filters.server'

const NUL = '\u0000'
const params = (entries: Record<string, string>) => new URLSearchParams(entries)

describe("the owner's filters (docs/decisions/083, 103)", () => {
	test('a control character in a text filter is a message next to the field', () => {
		expect(parseFilters(orderFiltersSchema, params({ email: `a${NUL}b` }))).toMatchObject({
			ok: false,
			errors: { email: 'E-mail must not contain control characters' },
		})
		expect(parseFilters(leadFiltersSchema, params({ partner: `x${NUL}` }))).toMatchObject({
			ok: false,
			errors: { partner: 'Partner must not contain control characters' },
		})
		expect(parseFilters(emailFiltersSchema, params({ to: `ada${NUL}` }))).toMatchObject({
			ok: false,
			errors: { to: 'To must not contain control characters' },
		})
	})

	test('a NUL in a date or a choice is a message, not a database error', () => {
		expect(parseFilters(leadFiltersSchema, params({ from: `2026-01-01${NUL}` })).ok).toBe(false)
		expect(parseFilters(leadFiltersSchema, params({ list: `course${NUL}` })).ok).toBe(false)
	})

	test('the e-mail list: free text up to an address, and a known state', () => {
		expect(parseFilters(emailFiltersSchema, params({ to: ' ada@', state: 'failed' }))).toEqual({
			ok: true,
			value: { to: 'ada@', state: 'failed' },
		})
		expect(parseFilters(emailFiltersSchema, params({ to: 'a'.repeat(300) })).ok).toBe(false)
	})

	test('a reversed range names the field to correct', () => {
		expect(
			parseFilters(dateRangeSchema, params({ from: '2026-05-01', to: '2026-04-01' })),
		).toMatchObject({ ok: false, errors: { to: 'To must not be before From' } })
	})

	test('a range longer than a year is refused with a clear message, on every list', () => {
		for (const schema of [dateRangeSchema, orderFiltersSchema, leadFiltersSchema]) {
			expect(parseFilters(schema, params({ from: '2024-01-01', to: '2026-01-01' }))).toMatchObject({
				ok: false,
				errors: { to: 'Choose a range of at most 366 days' },
			})
			expect(parseFilters(schema, params({ from: '2025-01-01', to: '2025-12-31' })).ok).toBe(true)
		}
	})

	test('dates far outside the life of the site are refused, not handed to the database', () => {
		for (const from of ['0000-01-01', '1899-12-31', '9999-12-31']) {
			expect(parseFilters(orderFiltersSchema, params({ from })), from).toMatchObject({
				ok: false,
				errors: { from: 'From must be between 2000-01-01 and 2099-12-31' },
			})
		}
		expect(parseFilters(orderFiltersSchema, params({ to: '9999-12-31' }))).toMatchObject({
			ok: false,
			errors: { to: 'To must be between 2000-01-01 and 2099-12-31' },
		})
	})

	test('a cursor naming an id with a control character, or a non-number for a numbered list, is page 1', () => {
		const cursor = (text: string) => Buffer.from(text, 'utf8').toString('base64url')
		expect(decodeCursor(cursor(`2026-01-01 00:00:00+00|${NUL}`))).toBeNull()
		expect(decodeCursor(cursor('2026-01-01 00:00:00+00|a b'))).toBeNull()
		expect(decodeCursor(cursor('2026-01-01 00:00:00+00|Abc_-12'))).toEqual({
			at: '2026-01-01 00:00:00+00',
			id: 'Abc_-12',
		})
	})
})
