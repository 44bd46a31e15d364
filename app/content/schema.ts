import type { Locale } from '~/domain/locale'
import type { Frontmatter } from './frontmatter.server'

/**
 * Types and names shared by the content build, the server and the pages. No zod here: pages
 * import this module, and the validator belongs to the build (frontmatter.server.ts).
 */

/**
 * The kinds of content, each a folder under `content/` and a URL prefix. `lessons` holds the
 * course's free sample lesson(s), linked from the course outline (docs/decisions/087).
 */
export const contentKinds = ['blog', 'cheatsheets', 'legal', 'lessons'] as const
export type ContentKind = (typeof contentKinds)[number]

export type TocEntry = { id: string; text: string; depth: 2 | 3 }

/** What a list, a feed or a sitemap needs about an item. */
export type ContentMeta = Omit<Frontmatter, 'image' | 'imageAlt'> & {
	kind: ContentKind
	slug: string
	/** Blog posts only: the folder the post sits in. */
	category?: string
	/** The URL path of the page, e.g. /blog/workflow/review-loop. */
	path: string
	/** The social image: a path under public/, with its size and description. */
	image: { path: string; width: number; height: number; alt: string }
	readingMinutes: number
}

/** An item in another language (`post.de.mdx` beside `post.mdx`, decision 175). */
type ContentTranslation = Pick<ContentMeta, 'title' | 'description' | 'readingMinutes'> & {
	html: string
	toc: TocEntry[]
}

/**
 * A whole item: its meta, the rendered HTML of its body and its table of contents, and its
 * translations by locale.
 */
export type ContentItem = ContentMeta & {
	html: string
	toc: TocEntry[]
	translations?: Partial<Record<Locale, ContentTranslation>>
}

export type ContentBundle = { generatedAt: string; items: ContentItem[] }

/** A slug or category: lowercase words joined by hyphens, as it appears in the URL. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Blog categories shown with a human name; a folder not listed here shows its slug. */
const categoryNames: Record<string, string> = {
	workflow: 'Workflow',
	tooling: 'Tooling',
	practice: 'Practice',
}

export function categoryName(category: string): string {
	return categoryNames[category] ?? category
}

/**
 * What compiled content names the icon sprite by: the site's build fingerprints the sprite, and
 * content is compiled apart from it, so the server puts the sprite's URL in (content.server.ts).
 */
export const ICON_SPRITE_PLACEHOLDER = '/__icon-sprite__.svg'

/** Where the server serves the social images the content build draws (build/content/images/). */
export const CONTENT_IMAGES_PATH = '/assets/content/'
