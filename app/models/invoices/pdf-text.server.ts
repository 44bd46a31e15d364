/**
 * Text in any script on a pdfkit page (docs/decisions/133, 172): the invoice's and the
 * certificate's. A name must print as written: the text is set in Noto Sans (Latin, Latin
 * Extended, Greek, Cyrillic), embedded, and every run of Chinese, Japanese or Korean in a subset
 * of Noto Sans CJK (JIS X 0208, GB 2312 and the Hangul of KS X 1001: fonts/README.md). pdfkit
 * embeds only the glyphs used, with a map back to Unicode, so the PDF stays small and its text
 * can be copied and searched.
 */
import path from 'node:path'
import * as fontkit from 'fontkit'
import { INVOICE_FONTS_DIR } from '~/paths.server'

type Face = 'regular' | 'bold' | 'cjk'

const FONT_FILES: Record<Face, string> = {
	regular: 'NotoSans-Regular.ttf',
	bold: 'NotoSans-Bold.ttf',
	// Regular only: bold CJK would double the fonts shipped; a CJK run in a heading prints regular.
	cjk: 'NotoSansCJKjp-Regular-subset.otf',
}

/**
 * Each font read and parsed once per process, and the parsed font given to every document
 * (pdfkit takes a fontkit font as it takes a file). Parsing per document decoded Noto Sans's
 * layout tables again for each PDF: in the sell-out bench, receipts during a burst held the event
 * loop for seconds (docs/decisions/162, dated section). Each document still makes its own subset
 * of the glyphs it uses; rendering is synchronous, so two documents never use a font at once.
 */
const parsedFonts = new Map<Face, fontkit.Font>()
function font(face: Face): PDFKit.Mixins.PDFFontSource {
	let parsed = parsedFonts.get(face)
	if (!parsed) {
		parsed = fontkit.openSync(path.join(INVOICE_FONTS_DIR, FONT_FILES[face])) as fontkit.Font
		parsedFonts.set(face, parsed)
	}
	// pdfkit's types name files and bytes only; its font factory takes a fontkit font as well.
	return parsed as unknown as PDFKit.Mixins.PDFFontSource
}

// Han, kana, Hangul, CJK punctuation and full-width forms: the characters Noto Sans lacks.
const CJK = /([\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]+)/u

/** `text` cut into runs that one font prints, in order. */
function scriptRuns(text: string): { text: string; cjk: boolean }[] {
	return text
		.split(CJK)
		.map((part, index) => ({ text: part, cjk: index % 2 === 1 }))
		.filter((run) => run.text !== '')
}

/**
 * A document's options for text in these fonts only: without them pdfkit reads and parses its
 * Helvetica metrics for every document, to print nothing in it (6 % of an invoice's render).
 * `scriptTextWriter` sets Noto Sans before anything is written or measured.
 */
export const WITHOUT_STANDARD_FONT = { font: null } as unknown as PDFKit.PDFDocumentOptions

export type WriteOptions = PDFKit.Mixins.TextOptions & { bold?: boolean; at?: [number, number] }

/**
 * Registers the fonts on `doc` (the CJK subset only when `content`, everything the document
 * will print, has CJK text: most have none) and returns the function that writes `text` (lines
 * separated by \n), each run in the font that has its characters.
 */
export function scriptTextWriter(
	doc: PDFKit.PDFDocument,
	content: string,
): (text: string, options?: WriteOptions) => void {
	doc.registerFont('regular', font('regular'))
	doc.registerFont('bold', font('bold'))
	if (CJK.test(content)) doc.registerFont('cjk', font('cjk'))
	doc.font('regular')
	return (text, { bold = false, at, ...options } = {}) => {
		// Noto Sans has no "−" (U+2212): the PDF prints a hyphen-minus.
		const printable = text.replace(/\u2212/g, '-')
		printable.split('\n').forEach((line, lineIndex) => {
			const runs = scriptRuns(line)
			if (runs.length === 0) runs.push({ text: ' ', cjk: false })
			runs.forEach((run, index) => {
				doc.font(run.cjk ? 'cjk' : bold ? 'bold' : 'regular')
				const continued = index < runs.length - 1
				if (lineIndex === 0 && index === 0 && at)
					doc.text(run.text, at[0], at[1], { ...options, continued })
				else doc.text(run.text, { ...options, continued })
			})
		})
	}
}
