import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { documentEndLast, withoutTrailingNuls } from './document-stream.server'

async function through(chunks: (string | Buffer)[], transform: ReturnType<typeof documentEndLast>) {
	const parts: Buffer[] = []
	for await (const part of Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(transform))
		parts.push(part)
	return Buffer.concat(parts).toString()
}

describe('documentEndLast', () => {
	test('what follows </html> comes before it: the document closes last', async () => {
		const out = await through(
			['<html><body><p>Hi</p></body></html>', '<script>data()</script>', '<script>more()</script>'],
			documentEndLast(),
		)
		expect(out).toBe(
			'<html><body><p>Hi</p><script>data()</script><script>more()</script></body></html>',
		)
	})

	test('an end split across chunks is still found', async () => {
		const out = await through(
			['<html><body>x</bo', 'dy></ht', 'ml><script>s()</script>'],
			documentEndLast(),
		)
		expect(out).toBe('<html><body>x<script>s()</script></body></html>')
	})

	test('a stream without the end passes through whole, multi-byte text included', async () => {
		const text = '<p>café — “quoted”</p>'
		const bytes = Buffer.from(text)
		const out = await through([bytes.subarray(0, 9), bytes.subarray(9)], documentEndLast())
		expect(out).toBe(text)
	})
})

describe('withoutTrailingNuls', () => {
	test("a chunk's trailing NULs are dropped, nothing else", async () => {
		const out = await through([Buffer.from('a\u0000b\u0000\u0000')], withoutTrailingNuls())
		expect(out).toBe('a\u0000b')
	})
})
