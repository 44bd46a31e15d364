import { describe, expect, test } from 'vitest'
import { loader } from './api.icons.$set'

const get = async (path: string) => {
	const url = new URL(path, 'http://site.test')
	const set = url.pathname.split('/').pop()
	const response = (await loader({
		params: { set },
		request: new Request(url),
		context: {},
	} as never)) as Response
	return { status: response.status, body: await response.json() }
}

describe('GET /api/icons/{set}.json (the local icon endpoint, SPEC §7)', () => {
	test("answers the site's icons in the Iconify format, listing the ones it does not have", async () => {
		const { status, body } = await get('/api/icons/site.json?icons=check,calendar,nope')
		expect(status).toBe(200)
		expect(body).toMatchObject({ prefix: 'site', width: 24, height: 24, not_found: ['nope'] })
		expect(Object.keys(body.icons)).toEqual(['check', 'calendar'])
		expect(body.icons.check.body).toMatch(/^<path d="[^"]+" fill="none" stroke="currentColor"/)
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
