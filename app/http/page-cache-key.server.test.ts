import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type Database, openDatabase } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { hasPersonalCookie, pageCacheKey, pageCacheLookup } from './page-cache-key.server'

const opened = vi.hoisted(() => ({ database: undefined as Database | undefined, down: false }))

// The pricing table that places a country in its region: the database this file opened.
vi.mock('~/db/client.server', async (importOriginal) => ({
	...(await importOriginal<typeof import('~/db/client.server')>()),
	getDb: async () => {
		if (opened.down) throw new Error('The database does not answer')
		return opened.database!.db
	},
}))

beforeAll(async () => {
	process.env.SESSION_SECRET = 'k'.repeat(40)
	process.env.DATA_DIR = '/tmp/page-cache-key-test-data'
	opened.database = await openDatabase({})
	await prepareDatabase(opened.database)
}, 60_000)
afterAll(() => opened.database?.close())

const BRAZIL = '200.147.67.142'
const INDIA = '14.139.0.1'
// In TIER4 with India (60 % off): Pakistan, and Viet Nam by an address of its own.
const PAKISTAN = '39.32.0.1'
const VIET_NAM = '14.160.0.1'
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

function keyOf(
	path: string,
	{ cookie, ip = BRAZIL, ua = BROWSER }: { cookie?: string; ip?: string; ua?: string } = {},
) {
	const headers: Record<string, string> = { 'user-agent': ua }
	if (cookie) headers.cookie = cookie
	return pageCacheKey(new Request(`http://localhost${path}`, { headers }), { clientIp: ip })
}

describe('the page cache key (docs/decisions/070)', () => {
	test('visitors whose pages differ never share a key', async () => {
		const visitors = await Promise.all([
			keyOf('/'),
			keyOf('/', { cookie: 'color-mode=light' }),
			keyOf('/', { cookie: 'color-mode=system' }),
			keyOf('/', { cookie: 'beta=1' }),
			keyOf('/', { cookie: 'workshop_signed_up=true' }),
			keyOf('/', { cookie: 'day_event_signed_up=true' }),
			keyOf('/', { ip: INDIA }),
			keyOf('/', { ua: GOOGLEBOT }),
			keyOf('/?pricing=global'),
			keyOf('/workshop'),
		])
		expect(visitors.every((key) => key !== null)).toBe(true)
		expect(new Set(visitors).size).toBe(visitors.length)
	})

	test('what no page reads does not split the cache', async () => {
		const plain = await keyOf('/')
		for (const other of [
			keyOf('/', { cookie: '_ga=GA1.1.123; partner_key=ada; marketing=%7B%7D' }),
			// Values the loaders read as the default are the default.
			keyOf('/', { cookie: 'color-mode=dark; beta=0; workshop_signed_up=no' }),
			keyOf('/', { cookie: 'color-mode=<script>' }),
			// English is the one locale so far (SPEC §9): any other reads as it.
			keyOf('/', { cookie: 'locale=fr-FR' }),
		])
			expect(await other).toBe(plain)
	})

	test('a German page never reaches an English visitor: the language is the path, never the cookie (decision 173)', async () => {
		const english = await keyOf('/workshop')
		const german = await keyOf('/de/workshop')
		expect(german).not.toBe(english)
		expect(await keyOf('/de')).not.toBe(await keyOf('/'))
		// The cookie only redirects, before the cache: on a path it changes nothing.
		expect(await keyOf('/workshop', { cookie: 'locale=de-DE' })).toBe(english)
		expect(await keyOf('/de/workshop', { cookie: 'locale=en-US' })).toBe(german)
	})

	test('visitors of one pricing region share a key, each told their own country to stamp (decision 160)', async () => {
		const india = await keyOf('/', { ip: INDIA })
		for (const ip of [PAKISTAN, VIET_NAM]) expect(await keyOf('/', { ip }), ip).toBe(india)
		expect(await keyOf('/', { ip: BRAZIL })).not.toBe(india)
		const lookup = (ip: string) =>
			pageCacheLookup(new Request('http://localhost/', { headers: { 'user-agent': BROWSER } }), {
				clientIp: ip,
			})
		expect((await lookup(INDIA))?.country).toEqual({ code: 'IN', name: 'India' })
		expect((await lookup(PAKISTAN))?.country).toEqual({ code: 'PK', name: 'Pakistan' })
		// An address no source can place: the GLOBAL page without a country.
		expect((await lookup('10.0.0.1'))?.country).toBeNull()
		expect(await keyOf('/', { ip: '10.0.0.1' })).not.toBe(await keyOf('/', { ip: '81.2.69.142' }))
	})

	test('a launch e-mail’s or an ad’s visitors share everyone’s page; a friend’s visitors share theirs (decision 160)', async () => {
		const plain = await keyOf('/')
		for (const path of [
			'/?utm_source=launch&utm_campaign=mail',
			'/?utm_source=other&utm_content=%3Cscript%3E',
			'/?fbclid=abc&gclid=def&ref=news.ycombinator.com&msclkid=x',
		])
			expect(await keyOf(path), path).toBe(plain)
		const friend = await keyOf('/?utm_source=launch&friend=ada')
		expect(friend).not.toBe(plain)
		expect(await keyOf('/?friend=ada&fbclid=xyz')).toBe(friend)
		expect(await keyOf('/?friend=bob')).not.toBe(friend)
		// What is rendered for them is the page without those parameters, a friend's kept.
		const lookup = await pageCacheLookup(
			new Request('http://localhost/blog?utm_source=a&friend=ada&ref=b&category=workflow'),
			{ clientIp: BRAZIL },
		)
		expect(lookup?.url.search).toBe('?friend=ada&category=workflow')
	})

	test('a parameter a page reads skips the cache, beside tracking ones too', async () => {
		for (const path of ['/?utm_source=a&signup=token', '/?preview=true&fbclid=x', '/?x=1&token=t'])
			expect(await keyOf(path), path).toBeNull()
	})

	test('a parameter no page reads shares the page without it, a crowd of made-up queries one page (issue 35)', async () => {
		const plain = await keyOf('/')
		for (const path of [
			'/?x=1',
			'/?x=2&y=%3Cscript%3E',
			'/?page=2',
			'/?lang=fr',
			`/?${'z'.repeat(500)}`,
		])
			expect(await keyOf(path), path).toBe(plain)
		expect(await keyOf('/blog?category=workflow&page=2')).toBe(
			await keyOf('/blog?category=workflow'),
		)
		// What is rendered is the page without them: no page can read what it was not given.
		const lookup = await pageCacheLookup(
			new Request('http://localhost/blog?x=1&category=workflow&y=2'),
			{ clientIp: BRAZIL },
		)
		expect(lookup?.url.search).toBe('?category=workflow')
	})

	test('a signed-in, toasted, previewing or buying visitor is never keyed', async () => {
		for (const cookie of [
			'session=abc',
			'toast=abc',
			'preview=abc',
			'checkouts=abc',
			'github-oauth=abc',
			'color-mode=light; session=abc',
		]) {
			expect(hasPersonalCookie(cookie), cookie).toBe(true)
			expect(await keyOf('/', { cookie }), cookie).toBeNull()
		}
		expect(hasPersonalCookie('sessionx=1; my-session=2')).toBe(false)
	})

	test('a query a page reads is never keyed', async () => {
		for (const path of [
			'/_root.data?_routes=root',
			'/?signup=token',
			'/blog?category=x&token=2',
			'/?preview=true',
		])
			expect(await keyOf(path), path).toBeNull()
		expect(await keyOf('/blog?category=workflow')).not.toBe(await keyOf('/blog?category=tooling'))
	})

	test('a data request is never kept as a page, with or without the routes it names', async () => {
		for (const path of [
			'/_root.data',
			'/workshop.data',
			'/blog.data?category=workflow',
			'/workshop.data?_routes=routes%2Fworkshop._index',
		])
			expect(await keyOf(path), path).toBeNull()
		expect(await keyOf('/workshop')).not.toBeNull()
	})

	test('while the database does not answer, requests are still filed under their region, so kept pages can stand in (decision 134)', async () => {
		const india = await keyOf('/', { ip: INDIA })
		const brazil = await keyOf('/', { ip: BRAZIL })
		// Past the read cache's 2 s, with the database gone.
		await new Promise((resolve) => setTimeout(resolve, 2_100))
		opened.down = true
		try {
			expect(await keyOf('/', { ip: PAKISTAN })).toBe(india)
			expect(await keyOf('/', { ip: BRAZIL })).toBe(brazil)
		} finally {
			opened.down = false
		}
	})
})
