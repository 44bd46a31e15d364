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
	social: [
		{ network: 'X', label: 'AI-Driven Development on X', url: 'https://x.com/aidrivendev' },
		{
			network: 'BlueSky',
			label: 'AI-Driven Development on BlueSky',
			url: 'https://bsky.app/profile/aidrivendev.bsky.social',
		},
		{
			network: 'LinkedIn',
			label: 'AI-Driven Development on LinkedIn',
			url: 'https://www.linkedin.com/company/aidrivendev',
		},
		{
			network: 'Discord',
			label: 'Join the AI-Driven Development Discord',
			url: 'https://discord.gg/aidrivendev',
		},
	],
	/** The header's links on every page, in this order (docs/decisions/085). */
	nav: [
		{ label: 'Course', path: '/' },
		{ label: 'Workshop', path: '/workshop' },
		{ label: 'Day event', path: '/ai-driven-development-day' },
		{ label: 'Blog', path: '/blog' },
		{ label: 'Cheatsheets', path: '/cheatsheets' },
	],
	legal: [
		{ label: 'Privacy policy', path: '/legal/privacy-policy' },
		{ label: 'Terms and conditions', path: '/legal/terms-conditions' },
	],
} as const

/** The site as search engines read its organiser: the course's provider, the events' organiser. */
export function siteOrganisation(origin: string): Organisation {
	return { name: site.title, url: `${origin}/`, sameAs: site.social.map((link) => link.url) }
}

export type SocialNetwork = (typeof site.social)[number]['network']
