import type { SocialNetwork } from '~/site'

/**
 * The networks' own marks (Simple Icons, CC0; public/brands/), so each link is recognised at a
 * glance: X's logo, not a close cross (docs/decisions/088). Drawn as a CSS mask over the text
 * colour: they follow the colour mode, and their paths stay out of the first load's JavaScript
 * (decision 004). Decorative: the link carries the name.
 */
// The mask itself is in app/styles/tailwind.css (.brand-icon), one class per file.
const markClass: Record<SocialNetwork, string> = {
	X: 'brand-x',
	BlueSky: 'brand-bluesky',
	LinkedIn: 'brand-linkedin',
	Discord: 'brand-discord',
}

export function BrandIcon({ network }: { network: SocialNetwork }) {
	return (
		<span
			aria-hidden="true"
			data-network={network}
			className={`brand-icon ${markClass[network]} inline-block h-5 w-5 bg-current`}
		/>
	)
}
