/**
 * The header's pages are rendered once as the server starts (docs/decisions/154), so the first
 * visitor after a deploy is not the one who pays for a cold process. Needs `npm run build`.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { site } from '~/site'
import { logLines, type RunningServer, startServer, withMetricsToken } from '../support/server'

let server: RunningServer
beforeAll(async () => {
	server = await startServer()
}, 120_000)
afterAll(() => server?.stop())

test('a fresh server has rendered the header pages before its first visitor asks, and kept none of them', async () => {
	const health = await (await fetch(`${server.url}/healthz`, { headers: withMetricsToken })).json()
	// Rendered alone, not stored: what the first visitors are served is rendered for them.
	expect(health.pageCache.bypassed).toBe(site.nav.length)
	// This request is the cache's first miss: no warm-up page was filed.
	expect(health.pageCache.misses).toBe(1)
	const warmUp = logLines(server.output()).filter((line) => line.msg.includes('Warm-up'))
	expect(warmUp.map((line) => line.level)).toEqual(['info'])
	expect(warmUp[0]?.msg).toMatch(
		new RegExp(`^Warm-up: ${site.nav.length} pages rendered in \\d+ ms$`),
	)
})
