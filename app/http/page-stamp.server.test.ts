import { randomBytes } from 'node:crypto'
import zlib from 'node:zlib'
import { expect, test } from 'vitest'
import { crc32Combine, crc32Shift, gzipPart, gzipStamped, split } from './page-stamp.server'

test('the checksum of two pieces combined from theirs is the checksum of both, at any lengths', () => {
	for (const [a, b] of [
		[0, 0],
		[0, 7],
		[5, 0],
		[1, 1],
		[13, 65_537],
		[110_000, 21],
	] as const) {
		const first = randomBytes(a)
		const second = randomBytes(b)
		expect(crc32Combine(zlib.crc32(first), zlib.crc32(second), crc32Shift(b)), `${a}+${b}`).toBe(
			zlib.crc32(Buffer.concat([first, second])),
		)
	}
})

test('a stamped gzip answer reads back as the page with the answer’s values, its checksum verified', () => {
	const page = Buffer.from(
		`<p nonce="n0nce">${'x'.repeat(70_000)}</p><script nonce="n0nce">t="tok"</script>tok é`,
	)
	const { parts, slots } = split(page, { nonce: 'n0nce', honeypot: 'tok' })
	const gzipped = parts.map(gzipPart)
	const answer = gzipStamped({ parts, slots, gzipped }, { nonce: 'fresh', honeypot: 'mine' })
	// gunzip checks the trailer's CRC-32 and length: a wrong one throws.
	expect(zlib.gunzipSync(Buffer.concat(answer)).toString()).toBe(
		page.toString().replaceAll('n0nce', 'fresh').replaceAll('tok', 'mine'),
	)
})
