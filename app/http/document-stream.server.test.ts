import { Readable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import {
	documentEndLast,
	modulePreloadsAtLowPriority,
	withoutTrailingNuls,
} from './document-stream.server'

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

describe('modulePreloadsAtLowPriority', () => {
	test("every module preload asks for low priority; the page's other links are unchanged", async () => {
		const out = await through(
			[
				'<link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/entry.js"/>',
				'<p>rel="modulepreload" in text</p><link rel="modulepreload" href="/assets/framework.js"/>',
			],
			modulePreloadsAtLowPriority(),
		)
		expect(out).toBe(
			'<link rel="stylesheet" href="/a.css"/><link rel="modulepreload" fetchpriority="low" href="/assets/entry.js"/>' +
				'<p>rel="modulepreload" in text</p><link rel="modulepreload" fetchpriority="low" href="/assets/framework.js"/>',
		)
	})

	test('a preload split across chunks is still found', async () => {
		const out = await through(
			[
				'<body><link rel="module',
				'preload" href="/x.js"/><li',
				'nk rel="modulepreload" href="/y.js"/>',
			],
			modulePreloadsAtLowPriority(),
		)
		expect(out).toBe(
			'<body><link rel="modulepreload" fetchpriority="low" href="/x.js"/><link rel="modulepreload" fetchpriority="low" href="/y.js"/>',
		)
	})

	test("a chunk's end that cannot start a preload is passed on at once, not held", async () => {
		const transform = modulePreloadsAtLowPriority()
		const first = new Promise<string>((resolve) =>
			transform.once('data', (part: Buffer) => resolve(part.toString())),
		)
		transform.write(Buffer.from('<main><p>The shell</p>'))
		expect(await first).toBe('<main><p>The shell</p>')
		transform.end()
	})
})
