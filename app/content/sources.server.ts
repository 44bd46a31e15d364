/**
 * The content's source files (docs/decisions/020): every MDX file under `content/`, checked
 * against the folder layout the routes expect, and its translations beside it (`post.de.mdx`
 * next to `post.mdx`, decision 175).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Locale } from '~/domain/locale'
import { type ContentKind, contentKinds, slugPattern } from './schema'

/** A file that cannot be built: the message names the file and what is wrong. */
export class ContentError extends Error {
	name = 'ContentError'
}

export type SourceFile = {
	kind: ContentKind
	file: string
	slug: string
	category?: string
	/** A translation's language; the original (English) has none. */
	locale?: Locale
}

/** The suffix before `.mdx` that makes a file a translation: `post.de.mdx` is German. */
const TRANSLATION_SUFFIXES: Record<string, Locale> = { de: 'de-DE' }

/** `post.de.mdx` → slug `post`, German; `post.mdx` → slug `post`. */
function nameParts(name: string): { slug: string; locale?: Locale } {
	const base = name.slice(0, -'.mdx'.length)
	const match = /^(.+)\.([a-z]{2})$/.exec(base)
	const locale = match ? TRANSLATION_SUFFIXES[match[2]!] : undefined
	return locale ? { slug: match![1]!, locale } : { slug: base }
}

/** Every MDX file under `contentDir`, checked against the folder layout the routes expect. */
export function findSources(contentDir: string): SourceFile[] {
	const sources: SourceFile[] = []
	for (const kind of contentKinds) {
		const dir = path.join(contentDir, kind)
		if (!fs.existsSync(dir)) continue
		for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
			if (!entry.isFile() || !entry.name.endsWith('.mdx')) continue
			const file = path.join(entry.parentPath, entry.name)
			const parts = path.relative(dir, file).split(path.sep)
			const { slug, locale } = nameParts(entry.name)
			const category = kind === 'blog' ? parts[0] : undefined
			const expected = kind === 'blog' ? 2 : 1
			if (parts.length !== expected) {
				throw new ContentError(
					`${file}: must be at content/${kind === 'blog' ? 'blog/<category>/<slug>' : `${kind}/<slug>`}.mdx`,
				)
			}
			for (const [name, value] of [
				['slug', slug],
				['category', category],
			] as const) {
				if (value !== undefined && !slugPattern.test(value)) {
					throw new ContentError(
						`${file}: the ${name} "${value}" must be lowercase words joined by hyphens`,
					)
				}
			}
			sources.push({ kind, file, slug, category, ...(locale ? { locale } : {}) })
		}
	}
	return sources.sort((a, b) => a.file.localeCompare(b.file))
}
