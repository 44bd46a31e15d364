import { describe, expect, test } from 'vitest'
import { csvCell, csvStream } from './csv'

describe('CSV cells a spreadsheet would run are neutralised', () => {
	test.each([
		['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
		['+cmd|" /C calc"!A0', `"'+cmd|"" /C calc""!A0"`],
		['-2+3', "'-2+3"],
		['@SUM(A1:A2)', "'@SUM(A1:A2)"],
		['\t=1+1', "'\t=1+1"],
		['\r=1+1', `"'\r=1+1"`],
	])('%j becomes %j', (value, expected) => {
		expect(csvCell(value)).toBe(expected)
	})

	test('ordinary text, numbers, dates and empty values are written as they are', () => {
		expect(csvCell('ada@example.com')).toBe('ada@example.com')
		expect(csvCell('Zoë Ångström')).toBe('Zoë Ångström')
		expect(csvCell(249)).toBe('249')
		expect(csvCell(-5)).toBe('-5')
		expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z')
		expect(csvCell(null)).toBe('')
		expect(csvCell(undefined)).toBe('')
	})

	test('commas, quotes and line breaks are quoted (RFC 4180)', () => {
		expect(csvCell('Lisa, Mona')).toBe('"Lisa, Mona"')
		expect(csvCell('say "hi"')).toBe('"say ""hi"""')
		expect(csvCell('two\nlines')).toBe('"two\nlines"')
	})

	test('a semicolon is quoted too: Excel in many locales splits cells on it', () => {
		expect(csvCell('Lisa; Mona')).toBe('"Lisa; Mona"')
	})
})

describe('csvStream', () => {
	test('reads rows only as the reader pulls them, and writes a header first', async () => {
		let produced = 0
		async function* rows() {
			for (let i = 0; i < 1000; i++) {
				produced++
				yield [i, `=row ${i}`]
			}
		}
		const reader = csvStream(['n', 'text'], rows()).getReader()
		// Keep the byte-order mark, which a decoder drops by default.
		const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
		const first = await reader.read()
		expect(decoder.decode(first.value)).toBe('\uFEFFn,text\r\n')
		expect(produced).toBe(0)
		const second = await reader.read()
		expect(decoder.decode(second.value)).toMatch(/^0,'=row 0\r\n1,'=row 1\r\n/)
		// One chunk of rows, not the whole source.
		expect(produced).toBeLessThan(1000)
		await reader.cancel()
	})
})
