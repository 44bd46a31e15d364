/**
 * Resources (database pools, SMTP transports, ...) register a closer here; the server runs
 * them on SIGTERM/SIGINT after in-flight requests have finished. Shared through globalThis
 * because server.ts and the Remix build are separate bundles.
 */

import { log } from '~/log.server'

type Closer = () => Promise<void> | void

const KEY = Symbol.for('ai-driven-dev.closers')
type GlobalWithClosers = typeof globalThis & { [KEY]?: Closer[] }

function closers(): Closer[] {
	const holder = globalThis as GlobalWithClosers
	holder[KEY] ??= []
	return holder[KEY]
}

export function onShutdown(close: Closer) {
	closers().push(close)
}

export async function closeResources() {
	const results = await Promise.allSettled(closers().map((close) => close()))
	for (const result of results) {
		if (result.status === 'rejected')
			log.error({ err: result.reason }, 'Error while closing a resource')
	}
}
