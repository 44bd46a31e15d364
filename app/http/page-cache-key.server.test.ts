import { beforeAll, describe, expect, test } from 'vitest'
import { hasPersonalCookie, pageCacheKey } from './page-cache-key.server'

beforeAll(() => {
	process.env.SESSION_SECRET = 'k'.repeat(40)
	process.env.DATA_DIR = '/tmp/page-cache-key-test-data'
})

const BRAZIL = '200.147.67.142'
const INDIA = '14.139.0.1'
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

	test('a launch e-mail’s visitors share a page, apart from a friend’s visitors', async () => {
		const mailing = await keyOf('/?utm_source=launch&utm_campaign=mail')
		expect(await keyOf('/?utm_source=launch&utm_campaign=mail')).toBe(mailing)
		expect(mailing).not.toBe(await keyOf('/'))
		expect(mailing).not.toBe(await keyOf('/?utm_source=launch&utm_campaign=mail&friend=ada'))
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

	test('a query the pages do not declare is never keyed', async () => {
		for (const path of [
			'/_root.data?_routes=root',
			'/?signup=token',
			'/blog?category=x&page=2',
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
})
