import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import Parser from 'rss-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningServer, startServer } from '../support/server'

const root = path.resolve(import.meta.dirname, '../..')

describe('the content build', () => {
	test('invalid frontmatter fails the build, naming the file and the field', () => {
		const out = fs.mkdtempSync(path.join(os.tmpdir(), 'content-build-'))
		try {
			const result = spawnSync(
				process.execPath,
				[
					'scripts/build-content.js',
					'--content',
					'tests/fixtures/content/invalid-date',
					'--out',
					out,
				],
				{ cwd: root, encoding: 'utf8' },
			)
			expect(result.status).toBe(1)
			expect(result.stderr).toContain(
				'Content build failed: tests/fixtures/content/invalid-date/blog/tips/broken-date.mdx: invalid frontmatter',
			)
			expect(result.stderr).toContain('date: must be a date such as 2025-01-31')
			expect(fs.existsSync(path.join(out, 'content.json'))).toBe(false)
		} finally {
			fs.rmSync(out, { recursive: true, force: true })
		}
	}, 60_000)
})

const PREVIEW_SECRET = 'content-test-preview-secret'

describe('content in the production build', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer({ PREVIEW_SECRET })
	})
	afterAll(() => server.stop())

	const get = (pathname: string, headers: Record<string, string> = {}) =>
		fetch(`${server.url}${pathname}`, { headers })

	test('the RSS feed parses and lists every published post, newest first, and no draft', async () => {
		const response = await get('/blog/rss.xml')
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
		const xml = await response.text()
		expect(XMLValidator.validate(xml)).toBe(true)
		const feed = await new Parser().parseString(xml)
		const links = feed.items.map((item) => item.link)
		expect(links).toEqual([
			`${server.url}/blog/tooling/tests-as-guardrails`,
			`${server.url}/blog/workflow/the-review-loop`,
			`${server.url}/blog/workflow/write-the-spec-first`,
		])
		expect(links.join()).not.toContain('project-context-files')
		for (const item of feed.items) {
			expect(item.title).toBeTruthy()
			expect(item.contentSnippet).toBeTruthy()
			expect(Number.isNaN(Date.parse(item.pubDate!))).toBe(false)
		}
	})

	test('the sitemap lists every page and published item with a last-modified day', async () => {
		const response = await get('/sitemap.xml')
		expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
		const xml = await response.text()
		expect(XMLValidator.validate(xml)).toBe(true)
		const urls = new XMLParser().parse(xml).urlset.url as { loc: string; lastmod: string }[]
		const locs = urls.map((url) => url.loc)
		for (const pathname of [
			'',
			'/blog',
			'/cheatsheets',
			'/workshop',
			'/blog/workflow/the-review-loop',
			'/blog/workflow/write-the-spec-first',
			'/blog/tooling/tests-as-guardrails',
			'/cheatsheets/prompting-for-code',
			'/cheatsheets/reviewing-ai-code',
			'/cheatsheets/git-safety-net',
			'/legal/privacy-policy',
			'/legal/terms-conditions',
		]) {
			expect(locs).toContain(`${server.url}${pathname}`)
		}
		expect(locs.join()).not.toContain('project-context-files')
		for (const url of urls) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/)
		// Every listed page answers.
		for (const loc of locs) expect((await fetch(loc)).status, loc).toBe(200)
	})

	test('robots.txt points at the sitemap', async () => {
		const text = await (await get('/robots.txt')).text()
		expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`)
	})

	test('a draft is a 404 outside preview mode and shows with a preview cookie', async () => {
		const pathname = '/blog/tooling/project-context-files'
		const hidden = await get(pathname)
		expect(hidden.status).toBe(404)
		expect(await hidden.text()).toContain(`Page Not Found: ${pathname}`)
		// Preview is turned on with the preview secret (docs/decisions/068).
		const on = await fetch(`${server.url}/blog?preview=true&secret=${PREVIEW_SECRET}`, {
			redirect: 'manual',
		})
		const cookie = on.headers
			.getSetCookie()
			.find((line) => line.startsWith('preview='))!
			.split(';')[0]!
		const shown = await get(pathname, { cookie })
		expect(shown.status).toBe(200)
		expect(shown.headers.get('cache-control')).toBe('private, no-store')
		expect(await shown.text()).toContain('Project context files for coding assistants')
		expect(await (await get('/blog', { cookie })).text()).toContain(pathname)
		expect(await (await get('/blog')).text()).not.toContain(pathname)
	})

	test.each([
		'/blog/workflow/no-such-post',
		'/blog/no-such-category/the-review-loop',
		'/cheatsheets/no-such-sheet',
		'/legal/no-such-page',
	])('%s answers 404 with Page Not Found', async (pathname) => {
		const response = await get(pathname)
		expect(response.status).toBe(404)
		expect(await response.text()).toContain(`Page Not Found: ${pathname}`)
	})

	test('a post has its own title, description, canonical, Open Graph and Twitter meta', async () => {
		const response = await get('/blog/workflow/write-the-spec-first')
		expect(response.headers.get('cache-control')).toContain('public, max-age=0, s-maxage=2')
		const html = await response.text()
		const metaContent = (attribute: string, name: string) =>
			html.match(new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`))?.[1]
		expect(html).toContain(
			'<title>Write the spec first: prompts that produce reviewable code | AI-Driven Development</title>',
		)
		expect(metaContent('name', 'description')).toMatch(/^The quality of AI-written code/)
		expect(html).toContain(
			`<link rel="canonical" href="${server.url}/blog/workflow/write-the-spec-first"/>`,
		)
		expect(metaContent('property', 'og:type')).toBe('article')
		expect(metaContent('property', 'article:published_time')).toBe('2025-02-11')
		expect(metaContent('name', 'twitter:card')).toBe('summary_large_image')
		expect(html).toContain(
			'<link rel="alternate" type="application/rss+xml" title="AI-Driven Development blog" href="/blog/rss.xml"/>',
		)
		// The social image was drawn for this post at build time and is served as a PNG.
		const image = metaContent('property', 'og:image')!
		expect(image).toMatch(/\/assets\/content\/blog-write-the-spec-first-[0-9a-f]{10}\.png$/)
		expect(metaContent('name', 'twitter:image')).toBe(image)
		const png = await fetch(image)
		expect(png.status).toBe(200)
		expect(png.headers.get('content-type')).toBe('image/png')
		expect(png.headers.get('cache-control')).toContain('immutable')
	})

	test('the blog lists posts by category and refuses an unknown one', async () => {
		const tooling = await (await get('/blog?category=tooling')).text()
		expect(tooling).toContain('/blog/tooling/tests-as-guardrails')
		expect(tooling).not.toContain('/blog/workflow/the-review-loop')
		expect((await get('/blog?category=nope')).status).toBe(404)
	})

	test('content pages carry no MDX compiler or highlighter', async () => {
		const html = await (await get('/blog/workflow/the-review-loop')).text()
		const scripts = [
			...html.matchAll(/<script[^>]+src="([^"]+)"/g),
			...html.matchAll(/import\("([^"]+)"\)/g),
		].map((match) => match[1]!)
		const modules = [...html.matchAll(/"(\/build\/[^"]+\.js)"/g)].map((match) => match[1]!)
		const bodies = await Promise.all(
			[...new Set([...scripts, ...modules])].map(async (src) => (await get(src)).text()),
		)
		expect(bodies.length).toBeGreaterThan(0)
		for (const body of bodies) {
			expect(body).not.toMatch(/shiki|createHighlighter|@mdx-js|evaluate\(/)
		}
	})
})
