/**
 * Icons bundled with the site, drawn from one SVG sprite (icons.svg, a fingerprinted file the
 * browser caches): the page's JavaScript carries their names, not their paths
 * (docs/decisions/096). Decorative by default: the control that uses one carries the accessible
 * name.
 */
import iconSprite from '~/assets/icons.svg'

/** The ids of the sprite's symbols (a test keeps the two lists equal). */
export const ICON_NAMES = [
	'moon',
	'sun',
	'monitor',
	'home',
	'info',
	'lightbulb',
	'alert',
	'octagon',
	'copy',
	'check',
	'book',
	'terminal',
	'shield',
	'sparkles',
	'arrow-right',
	'rss',
	'close',
	'menu',
	'spinner',
	'calendar',
	'clock',
	'users',
	'code',
	'git-branch',
	'ticket',
	'eye',
	'map-pin',
	'github',
	'log-out',
] as const

export type IconName = (typeof ICON_NAMES)[number]

/** Whether `name` is one of the icons bundled with the site. */
export function isIconName(name: string): name is IconName {
	return (ICON_NAMES as readonly string[]).includes(name)
}

/** `set:name` with lowercase letters, digits and dashes (Iconify's naming). */
const CUSTOM_ICON_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*):([a-z0-9]+(?:-[a-z0-9]+)*)$/

/**
 * A custom icon's set and name (`lucide:rocket`), loaded in the browser by icon-loader.ts
 * (docs/decisions/091); null for anything else.
 */
export function parseIconName(value: string): { set: string; name: string } | null {
	const match = CUSTOM_ICON_NAME.exec(value)
	return match ? { set: match[1]!, name: match[2]! } : null
}

export function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
	return (
		<svg
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth={2}
			strokeLinecap="round"
			strokeLinejoin="round"
			className={className}
			aria-hidden="true"
			focusable="false"
		>
			<use href={`${iconSprite}#${name}`} />
		</svg>
	)
}
