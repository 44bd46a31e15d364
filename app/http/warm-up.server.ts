/**
 * The header's pages rendered once as the server starts (docs/decisions/154): a fresh process
 * renders its first page three to four times slower than the next one (modules loaded on first
 * use, code not yet compiled, the database's first statements), and after a deploy that first
 * visitor is often the one who follows the launch e-mail. The pages are asked over loopback, as
 * a visitor would, so they take the visitors' path through every middleware and the loaders; the
 * page cache renders them without storing them, so what the first visitors are served is
 * rendered for them (a sale made right after a start shows at once).
 */
import { log } from '~/log.server'
import { site } from '~/site'
import { uncachedCookieHeader } from './page-cache-key.server'

/** Not a crawler's agent (isbot): the warm-up renders the streamed page visitors get. */
export const WARM_UP_USER_AGENT = 'Mozilla/5.0 (site warm-up at start)'

/** Where this process answers on this machine: a wildcard listen address is asked on loopback. */
export function warmUpOrigin(host: string, port: number): string {
	if (['0.0.0.0', ''].includes(host)) return `http://127.0.0.1:${port}`
	if (['::', '[::]'].includes(host)) return `http://[::1]:${port}`
	return new URL(
		`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`,
	).origin
}

/**
 * Asks for each page in turn (one at a time: visitors arriving meanwhile get the CPU in
 * between). Never fails the start: a page that does not answer is noted and the next one asked.
 */
export async function warmUp(origin: string, paths: readonly string[] = navPaths()) {
	const started = performance.now()
	for (const path of paths) {
		try {
			const response = await fetch(new URL(path, origin), {
				headers: { 'user-agent': WARM_UP_USER_AGENT, cookie: uncachedCookieHeader() },
				redirect: 'manual',
			})
			await response.arrayBuffer()
		} catch (error) {
			log.info({ err: error }, `The warm-up could not render ${path}`)
		}
	}
	log.info(
		`Warm-up: ${paths.length} pages rendered in ${Math.round(performance.now() - started)} ms`,
	)
}

function navPaths(): string[] {
	return site.nav.map((link) => link.path)
}
