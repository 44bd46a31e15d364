/**
 * The site's icons: one SVG sprite the pages draw from, and the local icon endpoint of SPEC §7
 * that serves the same icons in the Iconify format (docs/decisions/091, 096). Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ICON_NAMES } from '~/components/icons'
import { type RunningServer, startServer } from '../support/server'

let server: RunningServer
beforeAll(async () => {
	server = await startServer()
})
afterAll(() => server.stop())

const get = async (path: string) => {
	const response = await fetch(`${server.url}${path}`)
	return { status: response.status, body: await response.json() }
}

describe('the icon sprite', () => {
	test('pages and compiled content draw icons from the fingerprinted sprite, which has every icon', async () => {
		// A landing page, and a post whose content blocks were rendered at build time.
		const blog = await (await fetch(`${server.url}/blog`)).text()
		const post = blog.match(/href="(\/blog\/[a-z0-9-]+\/[a-z0-9-]+)"/)![1]
		let html = ''
		for (const path of ['/', post]) html += await (await fetch(`${server.url}${path}`)).text()
		const uses = [...html.matchAll(/<use href="([^"#]+)#([a-z-]+)"/g)]
		expect(uses.length).toBeGreaterThan(0)
		// One sprite for both: the build's file, not another copy of it.
		expect(new Set(uses.map(([, href]) => href)).size).toBe(1)
		expect(uses[0]![1]).toMatch(/^\/assets\/icons-[\w-]+\.svg$/)
		const sprite = await fetch(`${server.url}${uses[0]![1]}`)
		expect(sprite.headers.get('content-type')).toContain('image/svg+xml')
		expect(sprite.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
		const ids = [...(await sprite.text()).matchAll(/<symbol id="([^"]+)"/g)].map(([, id]) => id)
		expect(ids.sort()).toEqual([...ICON_NAMES].sort())
		for (const [, , name] of uses) expect(ids).toContain(name)
	})
})

describe('GET /api/icons/{set}.json (the local icon endpoint, SPEC §7)', () => {
	test("answers the site's icons in the Iconify format, listing the ones it does not have", async () => {
		const { status, body } = await get('/api/icons/site.json?icons=check,calendar,nope')
		expect(status).toBe(200)
		expect(body).toMatchObject({ prefix: 'site', width: 24, height: 24, not_found: ['nope'] })
		expect(Object.keys(body.icons)).toEqual(['check', 'calendar'])
		// Drawn as the pages draw it: the sprite's path, with the round 2-unit stroke.
		expect(body.icons.check.body).toBe(
			'<g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M20 6 9 17l-5-5"/></g>',
		)
	})

	test('another set is 404, so the browser asks the public service', async () => {
		expect((await get('/api/icons/lucide.json?icons=rocket')).status).toBe(404)
		expect((await get('/api/icons/site?icons=check')).status).toBe(404)
	})

	test('no icons, malformed names or an over-long request are 4xx, never 500', async () => {
		expect((await get('/api/icons/site.json')).status).toBe(400)
		expect((await get('/api/icons/site.json?icons=%3Cscript%3E')).status).toBe(400)
		const long = Array.from({ length: 80 }, (_, i) => `icon-${i}`).join(',')
		expect((await get(`/api/icons/site.json?icons=${long}`)).status).toBe(414)
	})
})
