import type { SocialNetwork } from '~/site'

/**
 * The networks' own marks (Simple Icons, CC0; public/brands/), so each link is recognised at a
 * glance: X's logo, not a close cross (docs/decisions/088). Drawn as a CSS mask over the text
 * colour: they follow the colour mode, and their paths stay out of the first load's JavaScript
 * (decision 004). Decorative: the link carries the name.
 */
const files: Record<SocialNetwork, string> = {
	X: '/brands/x.svg',
	BlueSky: '/brands/bluesky.svg',
	LinkedIn: '/brands/linkedin.svg',
	Discord: '/brands/discord.svg',
}

export function BrandIcon({ network }: { network: SocialNetwork }) {
	const mask = `url(${files[network]}) center / contain no-repeat`
	return (
		<span
			aria-hidden="true"
			data-network={network}
			className="inline-block h-5 w-5 bg-current"
			style={{ mask, WebkitMask: mask }}
		/>
	)
}
