import { afterEach, describe, expect, test, vi } from 'vitest'
import { parseIconName } from '~/components/icons'
import {
	chunkIconNames,
	firstAnswer,
	ICON_LOAD_WARNING,
	ICON_REQUESTS,
	iconUrl,
	loadIcons,
	safeIconBody,
} from './icon-loader'

afterEach(() => {
	vi.useRealTimers()
	vi.restoreAllMocks()
})

const never = () => new Promise<Response>(() => {})
/** A fetch that never answers, but rejects when its request is cancelled (as fetch does). */
const hanging = vi.fn(
	(_url: string, { signal }: { signal: AbortSignal }) =>
		new Promise<Response>((_resolve, reject) =>
			signal.addEventListener('abort', () => reject(new Error('aborted'))),
		),
)

describe('icon requests (SPEC §9)', () => {
	test('names are set:name, in lower case', () => {
		expect(parseIconName('lucide:rocket-2')).toEqual({ set: 'lucide', name: 'rocket-2' })
		expect(parseIconName('rocket')).toBeNull()
		expect(parseIconName('a:B')).toBeNull()
		expect(parseIconName('a:b"><script>')).toBeNull()
	})

	test('request URLs stay within 500 characters on every source, as few as fit', () => {
		const names = Array.from({ length: 120 }, (_, i) => `icon-name-${i}`)
		const bases = ['/api/icons', 'https://api.iconify.design']
		const chunks = chunkIconNames(bases, 'mdi', names)
		expect(chunks.flat()).toEqual(names)
		expect(chunks.length).toBeGreaterThan(1)
		for (const chunk of chunks)
			for (const base of bases)
				expect(iconUrl(base, 'mdi', chunk).length).toBeLessThanOrEqual(ICON_REQUESTS.maxUrlLength)
		// One name fewer per URL would not need more requests: each chunk but the last is full.
		for (const chunk of chunks.slice(0, -1)) {
			const next = names[names.indexOf(chunk.at(-1)!) + 1]!
			expect(iconUrl(bases[1]!, 'mdi', [...chunk, next]).length).toBeGreaterThan(500)
		}
		expect(iconUrl('https://api.iconify.design/', 'mdi', ['a', 'b'])).toBe(
			'https://api.iconify.design/mdi.json?icons=a,b',
		)
	})

	test('a source that has not answered within 750 ms is joined by the next one', async () => {
		vi.useFakeTimers()
		const asked: string[] = []
		const fetch = vi.fn(async (url: string) => {
			asked.push(url)
			if (url === 'first') return never()
			return Response.json({ ok: true })
		})
		const answer = firstAnswer(['first', 'second'], (r) => r.json(), { fetch })
		await vi.advanceTimersByTimeAsync(749)
		expect(asked).toEqual(['first'])
		await vi.advanceTimersByTimeAsync(1)
		expect(asked).toEqual(['first', 'second'])
		await expect(answer).resolves.toEqual({ ok: true })
	})

	test('a source that fails hands over at once', async () => {
		vi.useFakeTimers()
		const fetch = vi.fn(async (url: string) =>
			url === 'first' ? new Response('no', { status: 404 }) : Response.json({ from: url }),
		)
		const answer = firstAnswer(['first', 'second'], (r) => r.json(), { fetch })
		await vi.advanceTimersByTimeAsync(0)
		expect(fetch).toHaveBeenCalledTimes(2)
		await expect(answer).resolves.toEqual({ from: 'second' })
	})

	test('each request gives up after 5000 ms; with every source silent, the load fails', async () => {
		vi.useFakeTimers()
		hanging.mockClear()
		const answer = firstAnswer(['first', 'second'], (r) => r.json(), { fetch: hanging })
		const outcome = answer.then(
			() => 'answered',
			() => 'failed',
		)
		await vi.advanceTimersByTimeAsync(5_749)
		expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending')
		await vi.advanceTimersByTimeAsync(1)
		expect(await outcome).toBe('failed')
		expect(hanging).toHaveBeenCalledTimes(2)
	})

	test("icons load by set; what no source has is warned about: 'Failed to load custom icons'", async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
		const fetch = vi.fn(async (url: string) => {
			if (url.startsWith('/api/icons/site.json'))
				return Response.json({
					width: 24,
					height: 24,
					icons: { check: { body: '<path d="M1 1"/>' } },
				})
			return new Response('unknown set', { status: 404 })
		})
		const icons = await loadIcons(['site:check', 'site:check', 'lucide:rocket'], ['/api/icons'], {
			fetch,
		})
		expect(icons.get('site:check')).toEqual({ body: '<path d="M1 1"/>', width: 24, height: 24 })
		expect(icons.has('lucide:rocket')).toBe(false)
		expect(warn).toHaveBeenCalledWith(ICON_LOAD_WARNING, ['lucide:rocket'])
		expect(fetch).toHaveBeenCalledTimes(2)
	})
})

describe('icon data put into the page', () => {
	test('shapes with presentation attributes pass', () => {
		const body =
			'<g fill="none" stroke="currentColor" stroke-width="2"><path d="M4 4h16"/><circle cx="12" cy="12" r="3"/></g>'
		expect(safeIconBody(body)).toBe(body)
	})

	test('scripts, event handlers, links, foreign content and stray text are refused', () => {
		for (const body of [
			'<script>alert(1)</script>',
			'<path d="M0 0" onload="alert(1)"/>',
			'<a href="javascript:alert(1)"><path d="M0 0"/></a>',
			'<foreignObject><div>x</div></foreignObject>',
			'<path d="M0 0" fill="url(https://evil.test/x)"/>',
			'<path d="M0 0"/>text',
			'<path d="M0 0" style="x"/>',
		])
			expect(safeIconBody(body)).toBeNull()
	})
})
