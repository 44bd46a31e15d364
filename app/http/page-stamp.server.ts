/**
 * What varies per answer of a cached page (docs/decisions/072, 137): the markup is kept cut at
 * every CSP nonce attribute and every occurrence of the honeypot token it was rendered with, and
 * each answer is put together with its own values, plain or gzipped, without compressing again.
 */
import zlib from 'node:zlib'

/** What varies per answer, in the order the page was cut: each gap is one of these. */
export type Slot = 'nonce' | 'honeypot'

/** The values of an answer's slots: its response's CSP nonce and its own honeypot token. */
export type Stamp = Record<Slot, string>

/** A page's body cut where its answers differ. */
export type CutPage = {
	/** The body cut at each nonce attribute and honeypot token: join with the answer's own. */
	parts: Buffer[]
	/** What goes between parts[i] and parts[i + 1]. */
	slots: Slot[]
	/** Each part compressed once, as raw DEFLATE blocks that `gzipStamped` strings together. */
	deflated: Buffer[]
}

const nonceAttribute = (nonce: string) => Buffer.from(`nonce="${nonce}"`)

/** The bytes each slot stands for, in a page rendered with `stamp`. */
export const slotBytes = (stamp: Stamp): Record<Slot, Buffer> => ({
	nonce: nonceAttribute(stamp.nonce),
	honeypot: Buffer.from(stamp.honeypot),
})

/** Cuts `body` at every occurrence of each separator (an empty one is never looked for). */
export function split(
	body: Buffer,
	separators: Record<Slot, Buffer>,
): Pick<CutPage, 'parts' | 'slots'> {
	const sought = (Object.entries(separators) as [Slot, Buffer][]).filter(
		([, bytes]) => bytes.length,
	)
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
		slots.push(next.slot)
		start = next.at + next.length
	}
	parts.push(body.subarray(start))
	return { parts, slots }
}

/** The page's body carrying the answer's own values wherever it carried those it was rendered with. */
export function stamp(page: CutPage, values: Stamp): Buffer {
	const fill = slotBytes(values)
	const pieces: Buffer[] = []
	page.parts.forEach((part, index) => {
		if (index > 0) pieces.push(fill[page.slots[index - 1]!])
		pieces.push(part)
	})
	return Buffer.concat(pieces)
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
 * between them as a stored (uncompressed) block. Only the checksum is computed per answer.
 */
export function gzipStamped(page: CutPage, values: Stamp): Buffer {
	const fill = slotBytes(values)
	const stored = {
		nonce: storedBlockHeader(fill.nonce.length),
		honeypot: storedBlockHeader(fill.honeypot.length),
	}
	let crc = 0
	let length = 0
	const pieces: Buffer[] = [GZIP_HEADER]
	page.parts.forEach((part, index) => {
		if (index > 0) {
			const slot = page.slots[index - 1]!
			pieces.push(stored[slot], fill[slot])
			crc = zlib.crc32(fill[slot], crc)
			length += fill[slot].length
		}
		pieces.push(page.deflated[index]!)
		crc = zlib.crc32(part, crc)
		length += part.length
	})
	const trailer = Buffer.alloc(8)
	trailer.writeUInt32LE(crc >>> 0, 0)
	trailer.writeUInt32LE(length >>> 0, 4)
	pieces.push(FINAL_EMPTY_BLOCK, trailer)
	return Buffer.concat(pieces)
}

// RFC 1952: magic, DEFLATE, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
// RFC 1951: a last, empty stored block.
const FINAL_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff])

export const deflatePart = (part: Buffer) =>
	zlib.deflateRawSync(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH })
