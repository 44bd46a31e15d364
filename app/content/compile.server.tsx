/**
 * The content build: every MDX file under content/ becomes rendered HTML, a table of contents
 * and a social image, written once by `npm run build` (scripts/build-content.js). Requests
 * never compile anything, and browsers receive neither the MDX compiler nor the highlighter.
 */
import fs from 'node:fs'
import path from 'node:path'
import { evaluate } from '@mdx-js/mdx'
import rehypeShikiFromHighlighter from '@shikijs/rehype/core'
import type { Element, Root } from 'hast'
import { toString as hastToString } from 'hast-util-to-string'
import * as runtime from 'react/jsx-runtime'
import { renderToStaticMarkup } from 'react-dom/server'
import rehypeSlug from 'rehype-slug'
import remarkGfm from 'remark-gfm'
import { createHighlighter, type Highlighter, type ShikiTransformer } from 'shiki'
import { visit } from 'unist-util-visit'
import { parse as parseYaml } from 'yaml'
import { mdxComponents } from '~/components/content/mdx-components'
import { site } from '~/site'
import { type Frontmatter, frontmatterSchema } from './frontmatter.server'
import {
	CONTENT_IMAGES_PATH,
	type ContentBundle,
	type ContentItem,
	type ContentKind,
	type ContentMeta,
	type TocEntry,
} from './schema'
import { compileSiteContent, SiteContentError } from './site-content-build.server'
import { renderSocialImage } from './social-image.server'
import { ContentError, findSources, type SourceFile } from './sources.server'

/** A content file that cannot be built; the message names the file and what is wrong. */
export { ContentError, findSources } from './sources.server'

/** Languages code blocks may use; anything else is shown as plain text. */
const languages = [
	'bash',
	'diff',
	'html',
	'css',
	'javascript',
	'jsx',
	'typescript',
	'tsx',
	'json',
	'yaml',
	'markdown',
	'mdx',
	'sql',
	'python',
	'text',
]

const themes = { light: 'github-light-default', dark: 'github-dark-default' } as const

// One highlighter, fully loaded before any file is compiled: letting the rehype plugin load
// themes and grammars lazily gave tokens the wrong light-theme colours now and then.
let highlighter: Promise<Highlighter> | undefined
function getHighlighter() {
	highlighter ??= createHighlighter({ themes: Object.values(themes), langs: languages })
	return highlighter
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/

/** Splits and validates a file's frontmatter. `file` is the path used in error messages. */
export function parseFrontmatter(
	source: string,
	file: string,
): { data: Frontmatter; body: string } {
	const match = FRONTMATTER.exec(source)
	if (!match) throw new ContentError(`${file}: missing frontmatter (a --- block at the top)`)
	let raw: unknown
	try {
		raw = parseYaml(match[1] ?? '')
	} catch (error) {
		throw new ContentError(`${file}: frontmatter is not valid YAML: ${(error as Error).message}`)
	}
	if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
		throw new ContentError(`${file}: frontmatter must be a list of fields`)
	}
	const result = frontmatterSchema.safeParse(raw)
	if (!result.success) {
		const problems = result.error.issues.map((issue) => {
			if (issue.code === 'unrecognized_keys') return `  ${issue.keys.join(', ')}: unknown field`
			return `  ${issue.path.join('.') || '(frontmatter)'}: ${issue.message}`
		})
		throw new ContentError(`${file}: invalid frontmatter\n${problems.join('\n')}`)
	}
	// Blank lines keep MDX's line numbers in step with the file's.
	const body = '\n'.repeat(match[0].split('\n').length - 1) + source.slice(match[0].length)
	return { data: result.data, body }
}

/** Adds a code fence's `title="..."` and its language to the highlighted <pre>. */
const codeMeta: ShikiTransformer = {
	name: 'code-meta',
	pre(node) {
		const raw = String(this.options.meta?.__raw ?? '')
		const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(raw)
		const value = title?.[1] ?? title?.[2] ?? title?.[3]
		if (value) node.properties['data-title'] = value
		node.properties['data-language'] = this.options.lang
		// shiki makes the block focusable so it can be scrolled with the keyboard; keep that.
	},
}

/** Collects h2 and h3 (after rehype-slug gave them ids) for "On this page". */
function collectToc(toc: TocEntry[]) {
	return () => (tree: Root) => {
		visit(tree, 'element', (node: Element) => {
			if (node.tagName !== 'h2' && node.tagName !== 'h3') return
			const id = node.properties?.id
			if (typeof id !== 'string') return
			toc.push({ id, text: hastToString(node), depth: node.tagName === 'h2' ? 2 : 3 })
		})
	}
}

/** Compiles one MDX body to static HTML and its table of contents. */
export async function renderMdx(
	body: string,
	file: string,
): Promise<{ html: string; toc: TocEntry[] }> {
	const toc: TocEntry[] = []
	const shiki = await getHighlighter()
	let Content: Awaited<ReturnType<typeof evaluate>>['default']
	try {
		;({ default: Content } = await evaluate(
			{ value: body, path: file },
			{
				...runtime,
				remarkPlugins: [remarkGfm],
				rehypePlugins: [
					rehypeSlug,
					collectToc(toc),
					[
						rehypeShikiFromHighlighter,
						shiki,
						{
							themes,
							// Colours as CSS variables; app/styles/tailwind.css picks the mode's set.
							defaultColor: false,
							fallbackLanguage: 'text',
							defaultLanguage: 'text',
							transformers: [codeMeta],
						},
					],
				],
			},
		))
	} catch (error) {
		throw new ContentError(`${file}: ${(error as Error).message}`)
	}
	try {
		return { html: renderToStaticMarkup(<Content components={mdxComponents} />), toc }
	} catch (error) {
		throw new ContentError(`${file}: could not render: ${(error as Error).message}`)
	}
}

/** Words in the body, at a reading pace of 220 a minute, for the blog list. */
function readingMinutes(html: string): number {
	const words = html
		.replace(/<[^>]+>/g, ' ')
		.split(/\s+/)
		.filter(Boolean).length
	return Math.max(1, Math.round(words / 220))
}

/** The line above the title on a generated social image. */
const eyebrows: Record<Exclude<ContentKind, 'legal'>, string> = {
	blog: 'Blog',
	cheatsheets: 'Cheatsheet',
	lessons: 'Free sample lesson',
}

function itemPath({ kind, slug, category }: SourceFile): string {
	return kind === 'blog' ? `/blog/${category}/${slug}` : `/${kind}/${slug}`
}

export type BuildOptions = {
	/** The folder holding blog/, cheatsheets/, legal/ and lessons/. */
	contentDir: string
	/** Where content.json and site.json are written, and the social images, in images/. */
	outDir: string
	/** Skip social images (unit tests). */
	socialImages?: boolean
}

/** Builds every item; throws a ContentError naming the first bad file. */
export async function buildContent(options: BuildOptions): Promise<ContentBundle> {
	const sources = findSources(options.contentDir)
	const imageDir = path.join(options.outDir, 'images')
	if (options.socialImages !== false) fs.mkdirSync(imageDir, { recursive: true })
	const items: ContentItem[] = []
	const seen = new Map<string, string>()
	// Originals first, so each translation finds the item it translates.
	for (const source of sources.filter((candidate) => !candidate.locale)) {
		const { data, body } = parseFrontmatter(fs.readFileSync(source.file, 'utf8'), source.file)
		const pagePath = itemPath(source)
		// Blog slugs share one namespace across categories, so a post never moves between URLs
		// that a reader could confuse.
		const key = source.kind === 'blog' ? `blog:${source.slug}` : pagePath
		const other = seen.get(key)
		if (other)
			throw new ContentError(`${source.file}: the slug "${source.slug}" is also used by ${other}`)
		seen.set(key, source.file)
		const { html, toc } = await renderMdx(body, source.file)
		const { image: imagePath, imageAlt, ...frontmatter } = data
		let image: ContentMeta['image'] = { ...site.socialImage }
		if (imagePath) {
			image = { ...image, path: imagePath, alt: imageAlt ?? data.title }
		} else if (source.kind !== 'legal' && options.socialImages !== false) {
			const generated = await renderSocialImage({
				title: data.title,
				eyebrow: eyebrows[source.kind],
				description: data.description,
				outDir: imageDir,
				name: `${source.kind}-${source.slug}`,
			})
			image = {
				path: `${CONTENT_IMAGES_PATH}${generated.fileName}`,
				width: generated.width,
				height: generated.height,
				alt: imageAlt ?? data.title,
			}
		}
		items.push({
			...frontmatter,
			kind: source.kind,
			slug: source.slug,
			...(source.category ? { category: source.category } : {}),
			path: pagePath,
			image,
			readingMinutes: readingMinutes(html),
			html,
			toc,
		})
	}
	for (const source of sources.filter((candidate) => candidate.locale)) {
		const item = items.find((candidate) => candidate.path === itemPath(source))
		if (!item)
			throw new ContentError(
				`${source.file}: translates ${itemPath(source)}, which has no .mdx of its own`,
			)
		const { data, body } = parseFrontmatter(fs.readFileSync(source.file, 'utf8'), source.file)
		const { html, toc } = await renderMdx(body, source.file)
		item.translations = {
			...item.translations,
			[source.locale!]: {
				title: data.title,
				description: data.description,
				html,
				toc,
				readingMinutes: readingMinutes(html),
			},
		}
	}
	const bundle: ContentBundle = { generatedAt: new Date().toISOString(), items }
	fs.mkdirSync(options.outDir, { recursive: true })
	fs.writeFileSync(path.join(options.outDir, 'content.json'), JSON.stringify(bundle))
	// The landing pages' events, people and proof (content/site/*.yml, docs/decisions/086, 087).
	const siteDir = path.join(options.contentDir, 'site')
	if (fs.existsSync(siteDir)) {
		try {
			const site = compileSiteContent(siteDir)
			fs.writeFileSync(path.join(options.outDir, 'site.json'), JSON.stringify(site))
		} catch (error) {
			if (error instanceof SiteContentError) throw new ContentError(error.message)
			throw error
		}
	}
	return bundle
}
