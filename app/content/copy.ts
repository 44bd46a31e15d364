import type { Locale } from '~/domain/locale'

/** Texts about the content areas, shared by their pages, the feed and the meta tags. */
export const contentCopy = {
	blog: {
		title: 'Blog',
		description:
			'Notes on building software with AI: workflows, tools and lessons from real projects.',
	},
	cheatsheets: {
		title: 'Cheatsheets',
		description:
			'One-page references for working with AI coding assistants: prompts, reviews, tests and safety.',
	},
} as const

/** The blog index's words per language (decision 175); the feed stays English. */
export const blogWords = {
	'en-US': {
		...contentCopy.blog,
		categories: 'Categories',
		allPosts: 'All posts',
		feed: 'RSS feed',
		minutes: (count: number) => `${count} min read`,
		draft: 'Draft',
	},
	'de-DE': {
		title: 'Blog',
		description:
			'Notizen zur Softwareentwicklung mit KI: Arbeitsweisen, Werkzeuge und Erfahrungen aus echten Projekten.',
		categories: 'Kategorien',
		allPosts: 'Alle Beiträge',
		feed: 'RSS-Feed',
		minutes: (count: number) => `${count} Min. Lesezeit`,
		draft: 'Entwurf',
	},
} satisfies Record<Locale, unknown>

/**
 * The cheatsheets' and sample lessons' frame per language (decision 178): the index's words, the
 * link back and the line above a page's title. The pages' own text is the content's.
 */
export const cheatsheetWords = {
	'en-US': {
		...contentCopy.cheatsheets,
		updated: 'Updated',
		draft: 'Draft',
		allSheets: 'All cheatsheets',
		sheet: 'Cheatsheet',
		outline: 'The course outline',
		lesson: 'Free sample lesson',
	},
	'de-DE': {
		title: 'Spickzettel',
		description:
			'Referenzen auf einer Seite für die Arbeit mit KI-Programmierassistenten: Prompts, Reviews, Tests und Sicherheit.',
		updated: 'Aktualisiert am',
		draft: 'Entwurf',
		allSheets: 'Alle Spickzettel',
		sheet: 'Spickzettel',
		outline: 'Der Aufbau des Kurses',
		lesson: 'Kostenlose Probelektion',
	},
} satisfies Record<Locale, unknown>

/** The blog's RSS 2.0 feed, advertised by the blog pages with <link rel="alternate">. */
export const BLOG_FEED_PATH = '/blog/rss.xml'

export const blogFeedLink = {
	rel: 'alternate',
	type: 'application/rss+xml',
	title: 'AI-Driven Development blog',
	href: BLOG_FEED_PATH,
} as const
