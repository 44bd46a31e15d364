import type { Config } from 'tailwindcss'

export default {
	content: ['./app/**/*.{ts,tsx}', './content/**/*.{md,mdx}'],
	// <html class="dark|light|system">: `system` follows the operating system with no script.
	darkMode: [
		'variant',
		['&:is(.dark *)', '@media (prefers-color-scheme: dark) { &:is(.system *) }'],
	],
	theme: { extend: {} },
	plugins: [],
} satisfies Config
