/**
 * What varies per answer of a cached page (docs/decisions/072, 137, 160): the markup is kept cut
 * at every CSP nonce attribute, every occurrence of the honeypot token it was rendered with and
 * of the placeholders it showed for the visitor's country, and each answer is put together with
 * its own values, plain or gzipped, without compressing again.
 */
import zlib from 'node:zlib'
import type { ShownCountry } from '~/integrations/geo/locate.server'

/**
 * What varies per answer, in the order the page was cut: each gap is one of these. The country's
 * name is written as React writes text where it stood in the markup, and as Remix writes the
 * loader data where it stood in an inline script (decision 160).
 */
type Slot = 'nonce' | 'honeypot' | 'countryCode' | 'countryName' | 'countryNameInScript'

/**
 * The values of an answer's slots: its response's CSP nonce, its own honeypot token and its
 * visitor's country (the placeholders the page was rendered with, when it is cut).
 */
export type Stamp = { nonce: string; honeypot: string; country?: ShownCountry }

/** A page's body cut where its answers differ. */
export type CutPage = {
	/** The body cut at each nonce attribute and honeypot token: join with the answer's own. */
	parts: Buffer[]
	/** What goes between parts[i] and parts[i + 1]. */
	slots: Slot[]
	/** Each part compressed once, with its checksum, for `gzipStamped` to string together. */
	gzipped: GzipPart[]
}

/** A part as raw DEFLATE blocks, its CRC-32 and the operator that shifts a CRC past it. */
type GzipPart = { deflated: Buffer; crc: number; shift: number }

const nonceAttribute = (nonce: string) => Buffer.from(`nonce="${nonce}"`)

// React's escaping of text and attribute values (react-dom's escapeTextForBrowser).
const HTML_ESCAPES: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&#x27;',
}
const escapeHtmlText = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!)

// Remix's inline loader data: a JSON string inside a JSON string inside a script, its `&`, `<`,
// `>` and line separators escaped (@remix-run/react's escapeHtml).
const SCRIPT_ESCAPES: Record<string, string> = {
	'&': '\\u0026',
	'<': '\\u003c',
	'>': '\\u003e',
	'\u2028': '\\u2028',
	'\u2029': '\\u2029',
}
const inlineDataText = (text: string) =>
	JSON.stringify(JSON.stringify(text).slice(1, -1))
		.slice(1, -1)
		.replace(/[&<>\u2028\u2029]/g, (char) => SCRIPT_ESCAPES[char]!)

/** The bytes each slot stands for, in a page rendered with `stamp`: what a page is cut at. */
function separators(stamp: Stamp): [Slot, Buffer][] {
	const sought: [Slot, Buffer][] = [
		['nonce', nonceAttribute(stamp.nonce)],
		['honeypot', Buffer.from(stamp.honeypot)],
	]
	// The placeholders are plain letters and digits, written alike in text and in scripts.
	if (stamp.country)
		sought.push(
			['countryCode', Buffer.from(stamp.country.code)],
			['countryName', Buffer.from(stamp.country.name)],
		)
	return sought.filter(([, bytes]) => bytes.length > 0)
}

/** The bytes that fill each slot of an answer with `stamp`'s values. */
function slotFill(stamp: Stamp): Record<Slot, Buffer> {
	const country = stamp.country ?? { code: '', name: '' }
	return {
		nonce: nonceAttribute(stamp.nonce),
		honeypot: Buffer.from(stamp.honeypot),
		countryCode: Buffer.from(inlineDataText(country.code)),
		countryName: Buffer.from(escapeHtmlText(country.name)),
		countryNameInScript: Buffer.from(inlineDataText(country.name)),
	}
}

/** Whether `at` lies inside a `<script>` element of `body`. */
const inScript = (body: Buffer, at: number) =>
	body.lastIndexOf('<script', at) > body.lastIndexOf('</script>', at)

/** Cuts `body` at every occurrence of the values it was rendered with (`stamp`). */
export function split(body: Buffer, stamp: Stamp): Pick<CutPage, 'parts' | 'slots'> {
	const sought = separators(stamp)
	const parts: Buffer[] = []
	const slots: Slot[] = []
	let start = 0
	for (;;) {
		let next: { at: number; slot: Slot; length: number } | undefined
		for (const [slot, bytes] of sought) {
			const at = body.indexOf(bytes, start)
			if (at !== -1 && (!next || at < next.at)) next = { at, slot, length: bytes.length }
		}
		if (!next) break
		parts.push(body.subarray(start, next.at))
		slots.push(
			next.slot === 'countryName' && inScript(body, next.at) ? 'countryNameInScript' : next.slot,
		)
		start = next.at + next.length
	}
	parts.push(body.subarray(start))
	return { parts, slots }
}

/**
 * The page's body carrying the answer's own values wherever it carried those it was rendered
 * with, as the pieces to write in turn: copying them into one buffer first was a share of every
 * cached answer's time (a landing page is ~110 KB).
 */
export function stamp(page: CutPage, values: Stamp): Buffer[] {
	const fill = slotFill(values)
	const pieces: Buffer[] = []
	page.parts.forEach((part, index) => {
		if (index > 0) pieces.push(fill[page.slots[index - 1]!])
		pieces.push(part)
	})
	return pieces
}

/** A stored (uncompressed) DEFLATE block's header for `length` bytes (RFC 1951 3.2.4). */
function storedBlockHeader(length: number): Buffer {
	const header = Buffer.alloc(5)
	header.writeUInt16LE(length, 1)
	header.writeUInt16LE(~length & 0xffff, 3)
	return header
}

/**
 * The page gzipped with the answer's values in place, without compressing it again (gzip would
 * cost more than everything else a cached answer does). Each part was deflated on its own,
 * ending on a byte boundary (a sync flush) and referring to nothing before it; each value goes
 * between them as a stored (uncompressed) block. The checksum of the whole is combined from the
 * parts' own, kept with them, and runs on over the values' bytes: only those are read per answer.
 * The pieces to write in turn, as `stamp`'s.
 */
export function gzipStamped(page: CutPage, values: Stamp): Buffer[] {
	const fill = slotFill(values)
	let crc = 0
	let length = 0
	const pieces: Buffer[] = [GZIP_HEADER]
	page.parts.forEach((part, index) => {
		if (index > 0) {
			const value = fill[page.slots[index - 1]!]
			pieces.push(storedBlockHeader(value.length), value)
			// A few bytes: the checksum runs on over them, with nothing to combine.
			crc = zlib.crc32(value, crc)
			length += value.length
		}
		const gzipped = page.gzipped[index]!
		pieces.push(gzipped.deflated)
		crc = crc32Combine(crc, gzipped.crc, gzipped.shift)
		length += part.length
	})
	const trailer = Buffer.alloc(8)
	trailer.writeUInt32LE(crc >>> 0, 0)
	trailer.writeUInt32LE(length >>> 0, 4)
	pieces.push(FINAL_EMPTY_BLOCK, trailer)
	return pieces
}

// RFC 1952: magic, DEFLATE, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
// RFC 1951: a last, empty stored block.
const FINAL_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff])

/** A part of a page to be given to many: compressed once, its checksum kept (`gzipStamped`). */
export const gzipPart = (part: Buffer): GzipPart => ({
	deflated: zlib.deflateRawSync(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH }),
	crc: zlib.crc32(part),
	shift: crc32Shift(part.length),
})

/*
 * CRC-32 of two pieces from theirs (zlib's crc32_combine_gen / crc32_combine_op, which Node does
 * not expose): a CRC is a remainder modulo the polynomial, so appending `n` bytes multiplies the
 * first piece's by x^(8n) before the second's is added.
 */
const CRC_POLY = 0xedb88320

/** a·b modulo the CRC polynomial, in its reflected bit order. */
function multModP(a: number, b: number): number {
	let product = 0
	for (let m = 0x80000000; m !== 0; m >>>= 1) {
		if (a & m) {
			product ^= b
			if ((a & (m - 1)) === 0) break
		}
		b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1
	}
	return product >>> 0
}

/** x^(2^k) for k = 0..31: squaring the one before. */
const X2N = [0x40000000]
for (let k = 1; k < 32; k++) X2N.push(multModP(X2N[k - 1]!, X2N[k - 1]!))

/** The operator moving a CRC past `length` bytes: x^(8·length) modulo the polynomial. */
export function crc32Shift(length: number): number {
	let product = 0x80000000
	for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++)
		if (n & 1) product = multModP(X2N[k & 31]!, product)
	return product
}

/** The CRC-32 of A followed by B, from A's, B's and `crc32Shift(B's length)`. */
export const crc32Combine = (crcA: number, crcB: number, shiftB: number) =>
	(multModP(shiftB, crcA) ^ crcB) >>> 0
