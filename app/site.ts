import type { Organisation } from '~/domain/structured-data'

/**
 * Facts about the site that are not configuration: names, texts, the sponsor and the social
 * links. The course owner edits this file; nothing here is secret.
 */
export const site = {
	title: 'AI-Driven Development',
	description:
		'Join the next era of development. Discover how AI is reshaping coding, boosting productivity, and transforming the way developers build.',
	socialImage: { path: '/social.png', width: 1200, height: 630, alt: 'AI-Driven Development' },
	sponsor: {
		name: 'AI Driven Dev',
		url: 'https://aidrivendev.com',
	},
	/** Links are named by their key in utils/i18n.ts's dictionary, so each language has its words. */
	social: [
		{ network: 'X', label: 'socialX', url: 'https://x.com/aidrivendev' },
		{
			network: 'BlueSky',
			label: 'socialBlueSky',
			url: 'https://bsky.app/profile/aidrivendev.bsky.social',
		},
		{
			network: 'LinkedIn',
			label: 'socialLinkedIn',
			url: 'https://www.linkedin.com/company/aidrivendev',
		},
		{
			network: 'Discord',
			label: 'socialDiscord',
			url: 'https://discord.gg/aidrivendev',
		},
	],
	/** The header's links on every page, in this order (docs/decisions/085). */
	nav: [
		{ label: 'navCourse', path: '/' },
		{ label: 'navWorkshop', path: '/workshop' },
		{ label: 'navDay', path: '/ai-driven-development-day' },
		{ label: 'navBlog', path: '/blog' },
		{ label: 'navCheatsheets', path: '/cheatsheets' },
	],
	legal: [
		{ label: 'privacyPolicy', path: '/legal/privacy-policy' },
		{ label: 'termsConditions', path: '/legal/terms-conditions' },
	],
} as const

/** The site as search engines read its organiser: the course's provider, the events' organiser. */
export function siteOrganisation(origin: string): Organisation {
	return { name: site.title, url: `${origin}/`, sameAs: site.social.map((link) => link.url) }
}

export type SocialNetwork = (typeof site.social)[number]['network']
