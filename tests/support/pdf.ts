/**
 * Reading a PDF back in tests: its text as a reader's copy and paste gives it (poppler's
 * pdftotext, when installed), and whether any text was set with a font's missing glyph.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

export const hasPdftotext = !spawnSync('pdftotext', ['-v']).error

/** The PDF's text, as pdftotext extracts it. */
export function pdfText(pdf: Buffer): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-text-'))
	try {
		fs.writeFileSync(path.join(dir, 'file.pdf'), pdf)
		return spawnSync('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'file.pdf'), '-'], {
			encoding: 'utf8',
		}).stdout
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
}

/**
 * Whether the PDF sets any character with glyph 0 (`.notdef`, the box a font prints for a
 * character it lacks). pdfkit writes embedded fonts' text as hex glyph ids of four digits
 * (`<0012002a> Tj`/`TJ`), and its subsets keep a missing character's glyph as id 0; the text
 * extracted would still read right (the ToUnicode map names the character), so this looks at
 * the glyphs themselves.
 */
export function setsMissingGlyphs(pdf: Buffer): boolean {
	const raw = pdf.toString('latin1')
	const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((match) => {
		const bytes = Buffer.from(match[1]!, 'latin1')
		try {
			return zlib.inflateSync(bytes).toString('latin1')
		} catch {
			return match[1]!
		}
	})
	const shown = streams.flatMap((content) =>
		[...content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)].flatMap((match) =>
			match[1] ? [...match[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((hex) => hex[1]!) : [match[2]!],
		),
	)
	if (shown.length === 0) throw new Error('No text found in the PDF: the check cannot tell')
	return shown.some((hex) => (hex.match(/.{4}/g) ?? ([] as string[])).includes('0000'))
}
