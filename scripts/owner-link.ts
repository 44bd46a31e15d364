/**
 * `npm run owner-link [-- --origin https://site.example]`: prints a fresh one-time owner sign-in
 * link (docs/decisions/151), on any site, released ones included: running it with the site's
 * configuration (the same SESSION_SECRET, or the DATA_DIR that keeps the generated one) is the
 * proof of ownership. It needs no database, so it runs beside a server on the embedded one.
 * Built to build/owner-link.js by `npm run build`.
 */
import { parseArgs } from 'node:util'
import { ConfigError, getConfig } from '~/config.server'
import { createOwnerSignInLink } from '~/models/owner-access/sign-in-link.server'

const usage = 'Usage: npm run owner-link [-- --origin <url>]'

function fail(message: string): never {
	console.error(`${message}\n${usage}`)
	process.exit(2)
}

let values: { origin?: string }
try {
	;({ values } = parseArgs({ options: { origin: { type: 'string' } } }))
} catch (error) {
	fail((error as Error).message)
}

let config: ReturnType<typeof getConfig>
try {
	config = getConfig()
} catch (error) {
	if (!(error instanceof ConfigError)) throw error
	fail(error.message)
}

const origin = values.origin ?? config.SITE_URL ?? `http://localhost:${config.PORT}`
if (!URL.canParse(origin)) fail('--origin must be an absolute URL such as https://site.example')

console.log(createOwnerSignInLink(new URL(origin).origin))
