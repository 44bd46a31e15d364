/**
 * The bundled icons as SVG content, for the local icon endpoint (routes/api/api.icons.$set/route.ts):
 * from the sprite the pages use (icons.svg, docs/decisions/096).
 */

import spriteSource from '~/assets/icons.svg?raw'
import type { IconName } from '~/components/icons'

const SYMBOL = /<symbol id="([^"]+)"[^>]*>([\s\S]*?)<\/symbol>/g
let bodies: Map<string, string> | undefined

/** An icon as SVG content for a 24×24 view box, drawn as the pages draw it. */
export function iconBody(name: IconName): string {
	bodies ??= new Map(
		[...spriteSource.matchAll(SYMBOL)].map(([, id, content]) => [
			id!,
			`<g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${content}</g>`,
		]),
	)
	const body = bodies.get(name)
	if (body === undefined) throw new Error(`The icon sprite has no symbol ${name}`)
	return body
}
