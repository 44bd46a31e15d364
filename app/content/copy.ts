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

/** The blog's RSS 2.0 feed, advertised by the blog pages with <link rel="alternate">. */
export const BLOG_FEED_PATH = '/blog/rss.xml'

export const blogFeedLink = {
	rel: 'alternate',
	type: 'application/rss+xml',
	title: 'AI-Driven Development blog',
	href: BLOG_FEED_PATH,
} as const
