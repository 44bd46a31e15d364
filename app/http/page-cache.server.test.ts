import zlib from 'node:zlib'
import { beforeAll, describe, expect, test } from 'vitest'
import { checkHoneypot, honeypotProps } from './honeypot.server'
import {
	createPageCache,
	FRESH_MS,
	isShareable,
	MAX_AGE_MS,
	OUTAGE_KEEP_MS,
	type RenderedPage,
} from './page-cache.server'
import { gzipStamped, stamp } from './page-stamp.server'

beforeAll(() => {
	process.env.SESSION_SECRET = 'p'.repeat(40)
	process.env.DATA_DIR = '/tmp/page-cache-test-data'
})

/** An answer's body with `nonce` and no form. */
const stampNonce = (page: Parameters<typeof stamp>[0], nonce: string) =>
	Buffer.concat(stamp(page, { nonce, honeypot: '' }))

const PUBLIC = 'public, max-age=0, s-maxage=2, stale-while-revalidate=1'

function page(body: string, nonce = 'n0', headers: [string, string][] = []): RenderedPage {
	return {
		status: 200,
		headers: [['content-type', 'text/html; charset=utf-8'], ['cache-control', PUBLIC], ...headers],
		body: Buffer.from(body.replaceAll('NONCE', nonce)),
		nonce,
	}
}

const bodyOf = (served: { page: Parameters<typeof stampNonce>[0] }, nonce = 'x') =>
	stampNonce(served.page, nonce).toString()

function clock() {
	let time = 1_000_000
	return { now: () => time, advance: (ms: number) => (time += ms) }
}

describe('what may be shared', () => {
	test('only a public 200 HTML document that sets no cookie', () => {
		expect(isShareable(page('<p>hi</p>'))).toBe(true)
		expect(isShareable({ ...page('x'), status: 404 })).toBe(false)
		expect(isShareable(page('x', 'n', [['set-cookie', 'partner_key=ada']]))).toBe(false)
		for (const cacheControl of ['private, no-store', 'no-store', 'public, no-cache', ''])
			expect(
				isShareable({
					...page('x'),
					headers: [
						['content-type', 'text/html'],
						['cache-control', cacheControl],
					],
				}),
				cacheControl,
			).toBe(false)
		expect(
			isShareable({
				...page('{}'),
				headers: [
					['content-type', 'application/json'],
					['cache-control', PUBLIC],
				],
			}),
		).toBe(false)
	})
})

describe('the page cache', () => {
	test('a stampede of misses renders the page once and everyone gets it', async () => {
		const cache = createPageCache({ maxBytes: 1_000_000 })
		let renders = 0
		let finish: () => void = () => undefined
		const render = () =>
			new Promise<RenderedPage>((resolve) => {
				renders++
				finish = () => resolve(page('<p>home</p>'))
			})
		const visitors = Array.from({ length: 20 }, () => cache.serve('/', render))
		await new Promise((resolve) => setTimeout(resolve, 10))
		finish()
		const served = await Promise.all(visitors)
		expect(renders).toBe(1)
		expect(served.map((s) => bodyOf(s))).toEqual(Array(20).fill('<p>home</p>'))
		expect(cache.stats()).toMatchObject({ misses: 1, shared: 19, hits: 0, entries: 1 })
	})

	test('an answer that sets a cookie goes to its own visitor only, never to those waiting', async () => {
		const cache = createPageCache({ maxBytes: 1_000_000 })
		let renders = 0
		const render = async () => {
			renders++
			await new Promise((resolve) => setTimeout(resolve, 5))
			return page(`<p>for visitor ${renders}</p>`, 'n', [['set-cookie', `who=${renders}`]])
		}
		const [first, second] = await Promise.all([cache.serve('/', render), cache.serve('/', render)])
		expect(renders).toBe(2)
		expect(bodyOf(first)).toBe('<p>for visitor 1</p>')
		expect(bodyOf(second)).toBe('<p>for visitor 2</p>')
		expect(first.shareable).toBe(false)
		// Nothing was stored: the key is skipped until its next answer could be shared.
		expect(cache.skips('/')).toBe(true)
		expect(cache.stats().hits).toBe(0)
	})

	test('fresh for 3 s, then served while one render replaces it, never older than 5 s', async () => {
		const time = clock()
		const cache = createPageCache({ maxBytes: 1_000_000, now: time.now })
		let version = 0
		const render = async () => page(`<p>v${++version}</p>`)
		expect(bodyOf(await cache.serve('/', render))).toBe('<p>v1</p>')

		time.advance(FRESH_MS - 1)
		const fresh = await cache.serve('/', render)
		expect([fresh.outcome, bodyOf(fresh)]).toEqual(['hit', '<p>v1</p>'])

		time.advance(2)
		const stale = await Promise.all([cache.serve('/', render), cache.serve('/', render)])
		expect(stale.map((s) => [s.outcome, bodyOf(s)])).toEqual([
			['stale', '<p>v1</p>'],
			['stale', '<p>v1</p>'],
		])
		await new Promise((resolve) => setTimeout(resolve, 0))
		// One background render for both, and the next visitor has it.
		expect(version).toBe(2)
		const replaced = await cache.serve('/', render)
		expect([replaced.outcome, bodyOf(replaced)]).toEqual(['hit', '<p>v2</p>'])

		// Nobody asked for MAX_AGE_MS: the page is gone, not served stale.
		time.advance(MAX_AGE_MS)
		const expired = await cache.serve('/', render)
		expect([expired.outcome, bodyOf(expired)]).toEqual(['miss', '<p>v3</p>'])
	})

	test('a re-render reuses the compression of each part it left as it was, and compresses a changed part anew', async () => {
		const time = clock()
		const cache = createPageCache({ maxBytes: 1_000_000, now: time.now })
		let seats = 9
		const html = (nonce: string) =>
			`<p nonce="${nonce}">${'course '.repeat(500)}</p><p>${seats} seats left</p><script nonce="${nonce}">x</script>`
		const render = async () => page(html('NONCE'), `n${seats}`)
		const first = (await cache.serve('/', render)).page
		// Rendered again with a new nonce and the same words: every part as it was.
		time.advance(FRESH_MS)
		await cache.serve('/', render)
		await new Promise((resolve) => setTimeout(resolve, 0))
		const same = (await cache.serve('/', render)).page
		expect(same).not.toBe(first)
		expect(same.gzipped.map((part, index) => part === first.gzipped[index])).toEqual([
			true,
			true,
			true,
		])
		// A seat sold: the part that says so is compressed anew, the others reused.
		seats = 8
		time.advance(FRESH_MS)
		await cache.serve('/', render)
		await new Promise((resolve) => setTimeout(resolve, 0))
		const changed = (await cache.serve('/', render)).page
		expect(changed.gzipped.map((part, index) => part === same.gzipped[index])).toEqual([
			true,
			false,
			true,
		])
		const values = { nonce: 'mine', honeypot: '' }
		expect(zlib.gunzipSync(Buffer.concat(gzipStamped(changed, values))).toString()).toBe(
			html('mine').replace('9 seats', '8 seats'),
		)
	})

	test('while renders answer 503 (the database unavailable), the last page stands in, for up to 10 minutes', async () => {
		const time = clock()
		const cache = createPageCache({ maxBytes: 1_000_000, now: time.now })
		let down = false
		let version = 0
		const render = async () =>
			down
				? { ...page('<p>Service temporarily unavailable</p>'), status: 503 }
				: page(`<p>v${++version}</p>`)
		await cache.serve('/', render)

		down = true
		time.advance(MAX_AGE_MS + 1)
		const during = await cache.serve('/', render)
		expect([during.outcome, during.page.status, bodyOf(during)]).toEqual([
			'stale',
			200,
			'<p>v1</p>',
		])
		time.advance(OUTAGE_KEEP_MS - MAX_AGE_MS - 2)
		expect(bodyOf(await cache.serve('/', render))).toBe('<p>v1</p>')

		// Back up: rendered afresh at once.
		down = false
		const after = await cache.serve('/', render)
		expect([after.outcome, bodyOf(after)]).toEqual(['miss', '<p>v2</p>'])

		// Down longer than that: the 503 itself.
		down = true
		time.advance(OUTAGE_KEEP_MS)
		expect((await cache.serve('/', render)).page.status).toBe(503)
	})

	test('a page never rendered whole is not made up during an outage: the 503 goes out', async () => {
		const cache = createPageCache({ maxBytes: 1_000_000 })
		const served = await cache.serve('/workshop', async () => ({
			...page('<p>Service temporarily unavailable</p>'),
			status: 503,
		}))
		expect([served.outcome, served.page.status]).toEqual(['miss', 503])
	})

	test('keeps within its byte budget, dropping the least recently used pages', async () => {
		const cache = createPageCache({ maxBytes: 30_000 })
		const big = (n: number) => async () => page(`<p>${String(n).repeat(9_000)}</p>`)
		for (const n of [1, 2, 3, 4, 5]) await cache.serve(`/page-${n}`, big(n))
		const { bytes, entries } = cache.stats()
		expect(bytes).toBeLessThanOrEqual(30_000)
		expect(entries).toBeLessThan(5)
		expect((await cache.serve('/page-5', big(0))).outcome).toBe('hit')
		expect((await cache.serve('/page-1', big(1))).outcome).toBe('miss')
	})

	test('each answer carries its own nonce, in plain and gzipped bodies alike', async () => {
		const cache = createPageCache({ maxBytes: 1_000_000 })
		const html =
			'<script nonce="NONCE">a()</script><p>ünïcode</p><script nonce="NONCE" type="module">b()</script>'
		const { page: stored } = await cache.serve('/', async () => page(html, 'rendered-with'))
		for (const nonce of ['first+/==', 'second+/==']) {
			const expected = html.replaceAll('NONCE', nonce)
			expect(stampNonce(stored, nonce).toString()).toBe(expected)
			expect(
				zlib.gunzipSync(Buffer.concat(gzipStamped(stored, { nonce, honeypot: '' }))).toString(),
			).toBe(expected)
		}
		expect(stampNonce(stored, 'x').toString()).not.toContain('rendered-with')
	})

	test('each answer of a page with a form carries its own valid honeypot token, in the input and the loader data alike', async () => {
		const cache = createPageCache({ maxBytes: 1_000_000 })
		const rendered = honeypotProps(Date.now() - 5_000).validFrom
		const html = (token: string) =>
			`<form><input type="hidden" name="from__confirm" value="${token}"/></form>` +
			`<script nonce="NONCE">window.__remixContext = {"honeypot":{"validFrom":"${token}"}}</script>`
		const { page: stored } = await cache.serve('/workshop', async () => ({
			...page(html(rendered), 'n0'),
			honeypot: rendered,
		}))
		const answers = [honeypotProps().validFrom, honeypotProps(Date.now() + 1).validFrom]
		const served: string[] = []
		for (const token of answers) {
			const values = { nonce: 'answer-nonce', honeypot: token }
			const plain = Buffer.concat(stamp(stored, values)).toString()
			const gzipped = zlib.gunzipSync(Buffer.concat(gzipStamped(stored, values))).toString()
			expect(plain).toBe(html(token).replace('NONCE', 'answer-nonce'))
			expect(gzipped).toBe(plain)
			const input = plain.match(/name="from__confirm" value="([^"]+)"/)![1]!
			const inData = plain.match(/"validFrom":"([^"]+)"/)![1]!
			expect(inData).toBe(input)
			const form = new FormData()
			form.set('website', '')
			form.set('from__confirm', input)
			expect(() => checkHoneypot(form)).not.toThrow()
			served.push(input)
		}
		expect(new Set(served).size).toBe(2)
		expect(served).not.toContain(rendered)
	})

	test('each answer names its own visitor’s country, escaped as text in the markup and as inline loader data in scripts', async () => {
		const cache = createPageCache({ maxBytes: 1_000_000 })
		const placeholders = { code: 'cc0123abcd', name: 'cn0123abcd' }
		// As React writes text and Remix writes loader data: a JSON string inside a JSON string.
		const text = (name: string) =>
			name
				.replace(/&/g, '&amp;')
				.replace(/</g, '&lt;')
				.replace(/>/g, '&gt;')
				.replace(/"/g, '&quot;')
				.replace(/'/g, '&#x27;')
		const data = (value: string) =>
			JSON.stringify(JSON.stringify(value).slice(1, -1))
				.slice(1, -1)
				.replace(/&/g, '\\u0026')
				.replace(/</g, '\\u003c')
				.replace(/>/g, '\\u003e')
		const html = (code: string, name: string) =>
			`<p>Regional price for ${text(name)}: 50% off.</p><button>Use regional pricing for ${text(name)}</button>` +
			`<script nonce="NONCE">enqueue("[\\"countryCode\\",\\"${data(code)}\\",\\"${data(name)}\\"]")</script>`
		const { page: stored } = await cache.serve('/#region=TIER3', async () => ({
			...page(html(placeholders.code, placeholders.name), 'n0'),
			country: placeholders,
		}))
		for (const country of [
			{ code: 'BA', name: 'Bosnia & Herzegovina' },
			{ code: 'MY', name: 'Malaysia' },
			{ code: 'XK', name: 'Côte d’Ivoire <"quoted"> \'it\'' },
		]) {
			const values = { nonce: 'answer-nonce', honeypot: '', country }
			const expected = html(country.code, country.name).replace('NONCE', 'answer-nonce')
			expect(Buffer.concat(stamp(stored, values)).toString()).toBe(expected)
			expect(zlib.gunzipSync(Buffer.concat(gzipStamped(stored, values))).toString()).toBe(expected)
		}
		// What the script carries reads back as the visitor's country's name.
		const served = Buffer.concat(
			stamp(stored, {
				nonce: 'n',
				honeypot: '',
				country: { code: 'BA', name: 'Bosnia & Herzegovina' },
			}),
		).toString()
		const line = JSON.parse(`"${served.match(/enqueue\("(.*)"\)/)![1]!}"`)
		expect(JSON.parse(line)).toEqual(['countryCode', 'BA', 'Bosnia & Herzegovina'])
		expect(served).not.toContain(placeholders.name)
	})
})
