/**
 * Sections the server renders to HTML (components/server-html.tsx, docs/decisions/147, 185): a
 * document carries each once, in its markup, and its data only a digest of it; a client's data
 * request, which has no markup, carries the HTML under the same digest. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningServer, startServer } from '../support/server'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36'

/** The page's inline scripts, where Remix writes its loaders' data. */
const inlineScripts = (html: string) =>
	[...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join('\n')

/** The digests of the document's server-rendered sections, in page order. */
const sectionDigests = (html: string) =>
	[...html.matchAll(/data-server-html="([^"]+)"/g)].map((match) => match[1])

describe('sections rendered by the server', () => {
	let server: RunningServer
	const get = (path: string) =>
		fetch(`${server.url}${path}`, { headers: { 'user-agent': BROWSER } })

	beforeAll(async () => {
		server = await startServer()
	}, 120_000)
	afterAll(() => server?.stop())

	for (const [path, heading, dataPath] of [
		['/', 'faq-heading', '/_root.data'],
		['/de/', 'faq-heading', '/de.data'],
		['/ai-driven-development-day', 'speakers-heading', '/ai-driven-development-day.data'],
	] as const) {
		test(`${path} shows its sections once, in the markup: the page's data carries their digests, not their HTML`, async () => {
			const html = await (await get(path)).text()
			const digests = sectionDigests(html)
			expect(digests.length).toBeGreaterThan(0)
			expect(new Set(digests).size).toBe(digests.length)
			expect(html).toContain(`id="${heading}"`)
			const scripts = inlineScripts(html)
			expect(scripts).not.toContain(heading)
			// Escaped for a script, a section's start would read \u003csection.
			expect(scripts).not.toMatch(/\\u003csection/i)
			for (const digest of digests) expect(scripts).toContain(digest)
		})

		test(`a client-side navigation's data for ${path} carries the sections' HTML under the digests the document showed`, async () => {
			const digests = sectionDigests(await (await get(path)).text())
			expect(digests.length).toBeGreaterThan(0)
			const answer = await get(dataPath)
			expect(answer.status).toBe(200)
			const data = await answer.text()
			expect(data).toContain(heading)
			for (const digest of digests) expect(data).toContain(digest)
		})
	}
})
