/**
 * The origin of the site's absolute links (DESIGN.md, docs/decisions/069): SITE_URL, else the
 * address the server listens on — never a request's Host. server.ts records the listen address
 * once it is listening (PORT=0 picks the port then); the Remix build is a separate bundle and the
 * job worker has no request, so the address is shared through globalThis, like the configuration.
 * Anything that writes a link with no request at hand (a receipt confirmed by a job or a webhook)
 * asks `siteOrigin()`, so a fresh clone's e-mails carry working links (docs/decisions/113).
 */
import { getConfig } from './config.server'

const LISTEN_KEY = Symbol.for('ai-driven-dev.listen-origin')
const holder = globalThis as typeof globalThis & { [LISTEN_KEY]?: string }

/**
 * The site's origin when SITE_URL is unset: the address the server listens on. A wildcard
 * address (0.0.0.0, ::) is no address a browser can use; `localhost` is the one the README
 * tells a fresh clone to open.
 */
export function listenOrigin(host: string, port: number): string {
	const name = ['0.0.0.0', '::', '[::]', ''].includes(host)
		? 'localhost'
		: host.includes(':') && !host.startsWith('[')
			? `[${host}]`
			: host
	return new URL(`http://${name}:${port}`).origin
}

/** Records the port the server listens on; returns the site's origin from now on. */
export function recordListenPort(port: number): string {
	holder[LISTEN_KEY] = listenOrigin(getConfig().HOST, port)
	return siteOrigin()
}

/** SITE_URL, else the address the server listens on (the configured one before it listens). */
export function siteOrigin(): string {
	const config = getConfig()
	return config.SITE_URL ?? holder[LISTEN_KEY] ?? listenOrigin(config.HOST, config.PORT)
}
