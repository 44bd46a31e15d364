/**
 * The text of a file the compiler fingerprinted under public/build (a stylesheet, the icon
 * sprite), read once from beside the server build, as the content build is read.
 */
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

const publicDir = fileURLToPath(new URL('../public', import.meta.url))
const read = new Map<string, string>()
const checkedStylesheets = new Set<string>()

/** The text of the compiled asset at `href` (`/build/_assets/…`), read once. */
export function compiledAssetText(href: string): string {
	let text = read.get(href)
	if (text === undefined) {
		text = fs.readFileSync(`${publicDir}${href}`, 'utf8')
		read.set(href, text)
	}
	return text
}

/**
 * The site's stylesheet, inlined in every document's head (docs/decisions/096): on a phone a
 * separate stylesheet costs the first paint a round trip it waits for (Lighthouse mobile: first
 * contentful paint 2.1–2.4 s behind it).
 */
export function stylesheetText(href: string): string {
	const text = compiledAssetText(href)
	// Nothing in it may close the element it is inlined into: checked once, not per page.
	if (!checkedStylesheets.has(href)) {
		if (/<\/style/i.test(text)) throw new Error(`${href} contains </style`)
		checkedStylesheets.add(href)
	}
	return text
}
