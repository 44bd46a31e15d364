/**
 * The compiled content, read once per process from build/content/content.json (written by
 * `npm run build`) and served from memory: requests never compile or read MDX.
 */
import fs from 'node:fs'
import path from 'node:path'
import iconSprite from '~/assets/icons.svg'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { CONTENT_BUILD_DIR } from '~/paths.server'
import {
	type ContentBundle,
	type ContentItem,
	type ContentKind,
	type ContentMeta,
	ICON_SPRITE_PLACEHOLDER,
} from './schema'

const CONTENT_FILE = path.join(CONTENT_BUILD_DIR, 'content.json')

let bundle: ContentBundle | undefined

export function getContentBundle(): ContentBundle {
	if (!bundle) {
		if (!fs.existsSync(CONTENT_FILE)) {
			throw new Error(`Content is not built (${CONTENT_FILE} is missing): run \`npm run build\``)
		}
		// Content blocks draw icons from the site's sprite, whose URL the site's build decides
		// (scripts/build-content.js writes a placeholder).
		const text = fs.readFileSync(CONTENT_FILE, 'utf8')
		bundle = JSON.parse(text.replaceAll(ICON_SPRITE_PLACEHOLDER, iconSprite)) as ContentBundle
	}
	return bundle
}

/**
 * Drafts show only in preview mode. This is the one place that decides it, so the lists, the
 * pages, the feed and the sitemap agree.
 */
export function visibleContent<T extends Pick<ContentMeta, 'draft'>>(
	items: readonly T[],
	preview: boolean,
): T[] {
	return preview ? [...items] : items.filter((item) => !item.draft)
}

/** Newest first; items of the same day by title. */
export function byNewest(a: ContentMeta, b: ContentMeta): number {
	return b.date.localeCompare(a.date) || a.title.localeCompare(b.title)
}

/**
 * The items of one kind without their bodies, newest first; with `locale`, each translated one
 * by its translation's title and description, and `locale` saying which it is.
 */
export function listContent(
	kind: ContentKind,
	{ preview, locale = DEFAULT_LOCALE }: { preview: boolean; locale?: Locale },
): (ContentMeta & { locale: Locale })[] {
	const items = getContentBundle().items.filter((item) => item.kind === kind)
	return visibleContent(items, preview)
		.sort(byNewest)
		.map((item) => {
			const { html: _html, toc: _toc, ...meta } = inLocale(item, locale)
			return meta
		})
}

/**
 * The item in `locale` when it has that translation (decision 175), else as written (English),
 * with `locale` saying which it is. The other translations are left out.
 */
export function inLocale(
	item: ContentItem,
	locale: Locale,
): Omit<ContentItem, 'translations'> & { locale: Locale } {
	const { translations, ...original } = item
	const translation = translations?.[locale]
	return translation
		? { ...original, ...translation, locale }
		: { ...original, locale: DEFAULT_LOCALE }
}

/** One item by its page path, or undefined (unknown, or a draft outside preview mode). */
export function findContent(
	path: string,
	{ preview }: { preview: boolean },
): ContentItem | undefined {
	const item = getContentBundle().items.find((candidate) => candidate.path === path)
	return item && visibleContent([item], preview)[0]
}
