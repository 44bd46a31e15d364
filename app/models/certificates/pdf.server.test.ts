import { describe, expect, test } from 'vitest'
import { hasPdftotext, pdfText, setsMissingGlyphs } from '../../../tests/support/pdf'
import { renderCertificatePdf } from './pdf.server'

const content = {
	name: 'Ada Lovelace',
	title: 'AI Driven Development Day',
	date: 'Friday, 11 December 2026',
	hours: '8 hours',
	organizer: 'AI Driven Dev',
	verifyUrl: 'https://site.test/certificates/abc.def',
}

// Names in each script a certificate must print (docs/decisions/133, 172): the CJK ones of
// common characters, which the subset (JIS X 0208, GB 2312, KS X 1001 Hangul) covers.
const NAMES = {
	latin: 'Zoë Łukasiewicz-Núñez',
	greek: 'Ελένη Παπαδοπούλου',
	cyrillic: 'Ирина Сергеевна Кузнецова',
	japanese: '山田花子',
	chinese: '王秀英',
	korean: '김민준',
}

describe('the certificate of attendance PDF', () => {
	test.skipIf(!hasPdftotext)(
		'prints the name, the event, its date and hours, and the verification address',
		async () => {
			const text = pdfText(await renderCertificatePdf(content)).replace(/\s+/g, ' ')
			expect(text).toContain('Certificate of attendance')
			expect(text).toContain('Ada Lovelace')
			expect(text).toContain('AI Driven Development Day')
			expect(text).toContain('on Friday, 11 December 2026: 8 hours, online.')
			expect(text).toContain('https://site.test/certificates/abc.def')
		},
	)

	test.skipIf(!hasPdftotext)(
		'a German attendee’s certificate says it in German, umlauts and all (decision 177)',
		async () => {
			const pdf = await renderCertificatePdf({
				...content,
				date: 'Freitag, 11. Dezember 2026',
				hours: '8 Stunden',
				locale: 'de-DE',
			})
			const text = pdfText(pdf).replace(/\s+/g, ' ')
			expect(text).toContain('Teilnahmebescheinigung')
			expect(text).toContain('Hiermit wird bestätigt, dass Ada Lovelace an der Veranstaltung')
			expect(text).toContain('am Freitag, 11. Dezember 2026 teilgenommen hat: 8 Stunden, online.')
			expect(text).toContain('Diese Bescheinigung lässt sich prüfen unter https://site.test/')
			expect(text).not.toContain('Certificate of attendance')
			expect(setsMissingGlyphs(pdf)).toBe(false)
		},
	)

	test.each(Object.entries(NAMES))(
		'a %s name is printed with glyphs of the embedded fonts, and reads back as written',
		async (_script, name) => {
			const pdf = await renderCertificatePdf({ ...content, name })
			expect(setsMissingGlyphs(pdf)).toBe(false)
			expect(pdf.toString('latin1')).toMatch(/\/FontFile2|\/FontFile3/)
			if (hasPdftotext) expect(pdfText(pdf)).toContain(name)
		},
	)

	test('the missing-glyph check catches a character no embedded font has', async () => {
		// Linear B: in neither Noto Sans nor the CJK subset.
		const pdf = await renderCertificatePdf({ ...content, name: '𐀀𐀁' })
		expect(setsMissingGlyphs(pdf)).toBe(true)
	})
})
