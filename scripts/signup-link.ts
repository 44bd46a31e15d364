/**
 * `npm run signup-link -- --email a@b.c --list workshop [--origin https://site.example]`:
 * prints a one-click sign-up link (docs/decisions/062) for the course owner to put in an
 * e-mail. Signed with SESSION_SECRET (or the one generated in DATA_DIR): run it with the same
 * configuration as the site. Valid for SIGNUP_LINK_TTL seconds.
 * Built to build/signup-link.js by `npm run build`.
 */
import { parseArgs } from 'node:util'
import { ConfigError, getConfig } from '~/config.server'
import { LEAD_LISTS, type LeadList } from '~/forms/names'
import { LIST_LINK_PAGES } from '~/models/leads/leads.server'
import { createSignupLink } from '~/models/preferences/one-click.server'

const usage = `Usage: npm run signup-link -- --email <address> --list <${LEAD_LISTS.join('|')}> [--origin <url>] [--page <path>]`

function fail(message: string): never {
	console.error(`${message}\n${usage}`)
	process.exit(2)
}

let values: { email?: string; list?: string; origin?: string; page?: string }
try {
	;({ values } = parseArgs({
		options: {
			email: { type: 'string' },
			list: { type: 'string' },
			origin: { type: 'string' },
			page: { type: 'string' },
		},
	}))
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

const email = values.email?.trim().toLowerCase() ?? ''
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail('--email must be an e-mail address')
const list = values.list as LeadList
if (!LEAD_LISTS.includes(list)) fail(`--list must be one of ${LEAD_LISTS.join(', ')}`)
const origin = values.origin ?? config.SITE_URL ?? `http://localhost:${config.PORT}`
if (!URL.canParse(origin)) fail('--origin must be an absolute URL such as https://site.example')
const page = values.page ?? LIST_LINK_PAGES[list]
if (!page.startsWith('/')) fail('--page must be a path such as /onboarding')

console.log(createSignupLink(new URL(origin).origin, email, list, page))
