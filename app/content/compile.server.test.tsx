import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import {
	buildContent,
	ContentError,
	findSources,
	parseFrontmatter,
	renderMdx,
} from './compile.server'

const fixtures = path.resolve(import.meta.dirname, '../../tests/fixtures/content')

const valid = `---
title: A title
description: A description
date: '2025-03-04'
author: Someone
tags: [one, two]
---
Body`

function frontmatterError(source: string, file = 'content/blog/x/y.mdx'): string {
	try {
		parseFrontmatter(source, file)
	} catch (error) {
		expect(error).toBeInstanceOf(ContentError)
		return (error as Error).message
	}
	throw new Error('expected the frontmatter to be refused')
}

describe('frontmatter', () => {
	test('a valid file gives its fields, with defaults for tags and draft', () => {
		const { data, body } = parseFrontmatter(valid, 'x.mdx')
		expect(data).toEqual({
			title: 'A title',
			description: 'A description',
			date: '2025-03-04',
			author: 'Someone',
			tags: ['one', 'two'],
			draft: false,
		})
		// Line numbers in MDX errors stay those of the file.
		expect(body.split('\n')).toHaveLength(8)
		expect(body.trim()).toBe('Body')
	})

	test('a broken fixture is refused with its file name and the field', () => {
		const file = path.join(fixtures, 'invalid-date/blog/tips/broken-date.mdx')
		const message = frontmatterError(fs.readFileSync(file, 'utf8'), file)
		expect(message).toContain('broken-date.mdx')
		expect(message).toContain('date: must be a date such as 2025-01-31')
	})

	test.each([
		['a missing title', valid.replace('title: A title\n', ''), 'title: is required'],
		['an impossible date', valid.replace('2025-03-04', '2025-02-31'), 'date: is not a real date'],
		['an unquoted list of tags', valid.replace('[one, two]', '7'), 'tags: must be a list of words'],
		['a draft flag that is not a boolean', valid.replace('tags:', 'draft: maybe\ntags:'), 'draft:'],
		['an unknown field', valid.replace('tags:', 'catgory: x\ntags:'), 'catgory: unknown field'],
		[
			'an image outside public paths',
			valid.replace('tags:', 'image: http://x/y.png\ntags:'),
			'image:',
		],
	])('%s names the field', (_name, source, expected) => {
		const message = frontmatterError(source)
		expect(message).toContain('content/blog/x/y.mdx: invalid frontmatter')
		expect(message).toContain(expected)
	})

	test('a file without frontmatter, or with broken YAML, names the file', () => {
		expect(frontmatterError('# No frontmatter')).toMatch(/y\.mdx: missing frontmatter/)
		expect(frontmatterError('---\ntitle: [unclosed\n---\n')).toMatch(/y\.mdx: .*not valid YAML/)
	})
})

describe('content layout', () => {
	test('finds every kind with its slug and category', () => {
		const sources = findSources(path.join(fixtures, 'valid'))
		expect(sources.map(({ kind, slug, category }) => ({ kind, slug, category }))).toEqual([
			{ kind: 'blog', slug: 'published', category: 'tips' },
			{ kind: 'blog', slug: 'unfinished', category: 'tips' },
			{ kind: 'cheatsheets', slug: 'one-sheet', category: undefined },
			{ kind: 'legal', slug: 'terms', category: undefined },
		])
	})

	test('a post outside blog/<category>/ or with an upper-case slug is refused', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-layout-'))
		try {
			fs.mkdirSync(path.join(dir, 'blog'), { recursive: true })
			fs.writeFileSync(path.join(dir, 'blog', 'loose.mdx'), valid)
			expect(() => findSources(dir)).toThrow(
				/loose\.mdx: must be at content\/blog\/<category>\/<slug>\.mdx/,
			)
			fs.rmSync(path.join(dir, 'blog', 'loose.mdx'))
			fs.mkdirSync(path.join(dir, 'blog', 'tips'))
			fs.writeFileSync(path.join(dir, 'blog', 'tips', 'Bad_Slug.mdx'), valid)
			expect(() => findSources(dir)).toThrow(/the slug "Bad_Slug" must be lowercase/)
		} finally {
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})
})

describe('building content', () => {
	test('writes every item, drafts included, with paths, tables of contents and images', async () => {
		const out = fs.mkdtempSync(path.join(os.tmpdir(), 'content-out-'))
		try {
			const bundle = await buildContent({
				contentDir: path.join(fixtures, 'valid'),
				outDir: out,
				socialImages: false,
			})
			const written = JSON.parse(fs.readFileSync(path.join(out, 'content.json'), 'utf8'))
			expect(written.items).toHaveLength(4)
			const post = bundle.items.find((item) => item.slug === 'published')!
			expect(post.path).toBe('/blog/tips/published')
			expect(post.title).toBe('Published & ready')
			expect(post.toc).toEqual([
				{ id: 'first-section', text: 'First section', depth: 2 },
				{ id: 'second-section', text: 'Second section', depth: 2 },
				{ id: 'a-subsection', text: 'A subsection', depth: 3 },
				{ id: 'third-section', text: 'Third section', depth: 2 },
			])
			expect(post.image.path).toBe('/social.png')
			expect(bundle.items.find((item) => item.slug === 'unfinished')?.draft).toBe(true)
			expect(bundle.items.find((item) => item.kind === 'legal')?.path).toBe('/legal/terms')
		} finally {
			fs.rmSync(out, { recursive: true, force: true })
		}
	})

	test('a translation beside its post (post.de.mdx) is the same item in German, not a post of its own', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-translated-'))
		const out = fs.mkdtempSync(path.join(os.tmpdir(), 'content-out-'))
		try {
			fs.mkdirSync(path.join(dir, 'blog', 'tips'), { recursive: true })
			fs.writeFileSync(path.join(dir, 'blog', 'tips', 'post.mdx'), `${valid}\n\n## A heading`)
			const german = valid.replace('A title', 'Ein Titel').replace('Body', 'Text')
			fs.writeFileSync(
				path.join(dir, 'blog', 'tips', 'post.de.mdx'),
				`${german}\n\n## Eine Überschrift`,
			)
			expect(findSources(dir).map(({ slug, locale }) => ({ slug, locale }))).toEqual([
				{ slug: 'post', locale: 'de-DE' },
				{ slug: 'post', locale: undefined },
			])
			const bundle = await buildContent({ contentDir: dir, outDir: out, socialImages: false })
			expect(bundle.items).toHaveLength(1)
			const [post] = bundle.items
			expect(post!.title).toBe('A title')
			expect(post!.translations?.['de-DE']).toMatchObject({
				title: 'Ein Titel',
				toc: [{ id: 'eine-überschrift', text: 'Eine Überschrift', depth: 2 }],
			})
			expect(post!.translations?.['de-DE']?.html).toContain('Text')
		} finally {
			fs.rmSync(dir, { recursive: true, force: true })
			fs.rmSync(out, { recursive: true, force: true })
		}
	})

	test('a translation with no original is refused, naming the file', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-orphan-'))
		try {
			fs.mkdirSync(path.join(dir, 'legal'), { recursive: true })
			fs.writeFileSync(path.join(dir, 'legal', 'terms.de.mdx'), valid)
			await expect(
				buildContent({ contentDir: dir, outDir: dir, socialImages: false }),
			).rejects.toThrow(/terms\.de\.mdx: translates \/legal\/terms, which has no \.mdx of its own/)
		} finally {
			fs.rmSync(dir, { recursive: true, force: true })
		}
	})

	test('an MDX syntax error names the file', async () => {
		await expect(renderMdx('<Note>\nunclosed', 'content/blog/x/broken.mdx')).rejects.toThrow(
			/content\/blog\/x\/broken\.mdx: /,
		)
	})
})

/** Renders MDX and parses the HTML into a DOM-like query helper. */
async function render(mdx: string) {
	const { html, toc } = await renderMdx(mdx, 'test.mdx')
	return { html, toc }
}

describe('content blocks render to static, accessible HTML', () => {
	test('headings get ids that link to themselves', async () => {
		const { html, toc } = await render('## Getting started\n\nText')
		expect(html).toContain('<h2 id="getting-started"')
		expect(html).toContain('<a href="#getting-started"')
		expect(toc).toEqual([{ id: 'getting-started', text: 'Getting started', depth: 2 }])
	})

	test('note, tip, caution and warning are labelled notes, not colour alone', async () => {
		const { html } = await render(
			'<Note>n</Note>\n\n<Tip>t</Tip>\n\n<Caution>c</Caution>\n\n<Warning title="Careful">w</Warning>\n\n<Callout type="info">i</Callout>',
		)
		for (const label of ['Note', 'Tip', 'Caution', 'Careful', 'Info']) {
			expect(html).toContain(`role="note" aria-label="${label}"`)
			expect(html).toContain(`>${label}</p>`)
		}
	})

	test('an accordion is a native <details> with a <summary>', async () => {
		const { html } = await render('<Accordion title="Question?">Answer.</Accordion>')
		expect(html).toMatch(/<details data-block="accordion"[^>]*><summary[^>]*>Question\?/)
	})

	test('cards link when they have an href; a group lays them out', async () => {
		const { html } = await render(
			'<CardGroup cols={2}>\n<Card title="Linked" href="/blog">a</Card>\n<Card title="Plain">b</Card>\n</CardGroup>',
		)
		expect(html).toContain('data-block="card-group"')
		expect(html).toMatch(/<a href="\/blog" data-block="card"/)
		expect(html).toMatch(/<div data-block="card"[^>]*>.*Plain/)
	})

	test('steps are an ordered list', async () => {
		const { html } = await render(
			'<Steps>\n<Step title="One">a</Step>\n<Step title="Two">b</Step>\n</Steps>',
		)
		expect(html).toMatch(/<ol data-block="steps".*<li.*One.*<li.*Two/s)
	})

	test('tabs print every panel with its title and keep the tab list hidden until scripts run', async () => {
		const { html } = await render(
			'<Tabs label="Managers">\n<Tab title="npm">A</Tab>\n<Tab title="pnpm">B</Tab>\n</Tabs>',
		)
		expect(html).toContain('role="tablist" aria-label="Managers" hidden=""')
		expect(html.match(/data-tab-panel=""/g)).toHaveLength(2)
		expect(html).toMatch(/data-tab-title=""[^>]*>npm<.*data-tab-title=""[^>]*>pnpm</s)
	})

	test('a code group names its tabs after the code blocks’ titles', async () => {
		const { html } = await render(
			'<CodeGroup>\n```bash title="npm"\nnpm i x\n```\n\n```bash title="pnpm"\npnpm add x\n```\n</CodeGroup>',
		)
		const tabs = [...html.matchAll(/role="tab"[^>]*>([^<]*)</g)].map((match) => match[1])
		expect(tabs).toEqual(['npm', 'pnpm'])
	})

	test('code is highlighted at build time in both themes, with a copy button for scripts', async () => {
		const { html } = await render('```ts title="x.ts"\nconst answer: number = 42\n```')
		expect(html).toContain('<figcaption data-tab-title=""')
		expect(html).toContain('x.ts</figcaption>')
		const lightColours = new Set(
			[...html.matchAll(/--shiki-light:(#\w+)/g)].map((match) => match[1]),
		)
		// The keyword, the name and the number are coloured differently.
		expect(lightColours.size).toBeGreaterThanOrEqual(3)
		expect(html).toContain('--shiki-dark:')
		expect(html).toMatch(/<button type="button" data-copy="" hidden=""/)
		expect(html).toContain('Copy code to clipboard')
		expect(html).not.toContain('<script')
	})

	test('a markdown table sits in a keyboard-scrollable region, captioned by <Table>', async () => {
		const { html } = await render(
			'<Table caption="Cookies">\n| a | b |\n| - | - |\n| 1 | 2 |\n</Table>',
		)
		expect(html).toMatch(/<section data-block="table" aria-label="Cookies" tabindex="0"/)
		expect(html).toContain('<caption')
		expect(html).toMatch(/<th[^>]*>a<\/th>/)
	})
})
