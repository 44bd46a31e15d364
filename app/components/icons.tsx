/**
 * Icons bundled with the site as inline SVG paths (no icon requests at run time).
 * Decorative by default: the control that uses one carries the accessible name.
 */
const paths = {
	moon: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
	sun: 'M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
	monitor: 'M3 4h18v12H3zM8 20h8M12 16v4',
	home: 'M3 11l9-8 9 8M5 9.5V21h5v-6h4v6h5V9.5',
	// Content blocks (rendered into content pages at build time).
	info: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-4M12 8h.01',
	lightbulb:
		'M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.3 1 2.3h6c0-1 .4-1.8 1-2.3A7 7 0 0 0 12 2z',
	alert:
		'M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01',
	octagon: 'M7.9 2h8.2L22 7.9v8.2L16.1 22H7.9L2 16.1V7.9zM12 8v4M12 16h.01',
	copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
	check: 'M20 6 9 17l-5-5',
	book: 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20V2H6.5A2.5 2.5 0 0 0 4 4.5v15zM4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5',
	terminal: 'M4 17l6-6-6-6M12 19h8',
	shield: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z',
	sparkles:
		'M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z',
	'arrow-right': 'M5 12h14M13 6l6 6-6 6',
	rss: 'M4 11a9 9 0 0 1 9 9M4 4a16 16 0 0 1 16 16M5 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
	// Interface details and landing pages (docs/decisions/050).
	close: 'M6 6l12 12M18 6 6 18',
	menu: 'M4 6h16M4 12h16M4 18h16',
	spinner: 'M21 12a9 9 0 1 1-6.2-8.6',
	calendar: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4',
	clock: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2',
	users:
		'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
	code: 'M16 18l6-6-6-6M8 6l-6 6 6 6',
	'git-branch':
		'M6 3v12M18 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 21a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 9a9 9 0 0 1-9 9',
	ticket:
		'M3 7a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-3a2 2 0 0 0 0-4zM13 5v14',
	eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
	'map-pin': 'M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12zM12 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
	// GitHub's mark, outlined (Feather icons, MIT).
	github:
		'M9 19c-5 1.5-5-2.5-7-3m14 6v-3.9a3.4 3.4 0 0 0-.9-2.6c3.1-.4 6.4-1.5 6.4-7A5.4 5.4 0 0 0 20 4.8 5.1 5.1 0 0 0 19.9 1S18.7.7 16 2.5a13.4 13.4 0 0 0-7 0C6.3.7 5.1 1 5.1 1A5.1 5.1 0 0 0 5 4.8a5.4 5.4 0 0 0-1.5 3.7c0 5.4 3.3 6.6 6.4 7A3.4 3.4 0 0 0 9 18.1V22',
	'log-out': 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9',
} as const

export type IconName = keyof typeof paths

/** Whether `name` is one of the icons bundled with the site. */
export function isIconName(name: string): name is IconName {
	return Object.hasOwn(paths, name)
}

/** `set:name` with lowercase letters, digits and dashes (Iconify's naming). */
const CUSTOM_ICON_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*):([a-z0-9]+(?:-[a-z0-9]+)*)$/

/**
 * A custom icon's set and name (`lucide:rocket`), loaded in the browser by utils/icon-loader.ts
 * (docs/decisions/091); null for anything else.
 */
export function parseIconName(value: string): { set: string; name: string } | null {
	const match = CUSTOM_ICON_NAME.exec(value)
	return match ? { set: match[1]!, name: match[2]! } : null
}

/** An icon as SVG content for a 24×24 view box: what the local icon endpoint serves. */
export function iconBody(name: IconName): string {
	return `<path d="${paths[name]}" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`
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
			<path d={paths[name]} />
		</svg>
	)
}
