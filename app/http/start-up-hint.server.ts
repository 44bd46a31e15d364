/**
 * What the start-up log tells a newcomer (docs/decisions/111): how to become the owner when
 * nobody can be one yet, and where the e-mails are when none is sent. A line or two, only when
 * it applies; a site with a GitHub OAuth app, owners and a mail server logs nothing here. The
 * rules it explains are decisions 068 (operator tools) and 080 (the owner role).
 */
import { type Config, getConfig, githubSignInMode } from '~/config.server'
import { log } from '~/log.server'
import {
	createOwnerSignInLink,
	OWNER_LINK_MINUTES,
} from '~/models/owner-access/sign-in-link.server'

type HintConfig = Pick<
	Config,
	'NODE_ENV' | 'SITE_URL' | 'SITE_STATUS' | 'GITHUB_CLIENT_ID' | 'ADMIN_GITHUB_LOGINS' | 'SMTP_URL'
>

const README = 'README.md, "Becoming the owner"'

/**
 * Whether the start-up log prints an owner sign-in link (docs/decisions/151): a site without a
 * GitHub app before release (a fresh clone) does; a released one, or one with a GitHub app,
 * only when the operator sets OWNER_LINK_AT_START=always (or runs `npm run owner-link`).
 */
export function printsOwnerLinkAtStart(
	config: Pick<Config, 'OWNER_LINK_AT_START' | 'GITHUB_CLIENT_ID' | 'SITE_STATUS'>,
): boolean {
	if (config.OWNER_LINK_AT_START !== 'auto') return config.OWNER_LINK_AT_START === 'always'
	return githubSignInMode(config) === 'emulator'
}

/**
 * The hint's lines for this configuration, the site's links starting at `origin`; with
 * `ownerLink`, the one-time owner sign-in link is how to become the owner.
 */
export function startUpHint(config: HintConfig, origin: string, ownerLink?: string): string[] {
	const lines: string[] = []
	// canUseOperatorTools, but for "a client on this machine" (the only one it can promise).
	const operatorTools = config.NODE_ENV === 'development' && config.SITE_URL === undefined
	const signIn = `${origin}/login/github?returnTo=/admin`
	const mode = githubSignInMode(config)
	if (ownerLink)
		lines.push(
			`Owner's dashboard: open this one-time link to sign in as the owner (good for ${OWNER_LINK_MINUTES} minutes; \`npm run owner-link\` prints a fresh one): ${ownerLink}`,
		)
	// The owner list holds in development too (docs/decisions/132).
	else if (mode === 'emulator' && operatorTools && config.ADMIN_GITHUB_LOGINS.length === 0)
		lines.push(
			`Owner's dashboard: nobody is an owner yet. Set ADMIN_GITHUB_LOGINS to an account of the GitHub emulator (such as mona), restart, then open ${signIn} from this machine and pick it (in development without SITE_URL, listed emulator accounts are owners).`,
		)
	else if (mode === 'emulator' && operatorTools)
		lines.push(
			`Owner's dashboard: open ${signIn} from this machine and pick ${config.ADMIN_GITHUB_LOGINS.join(' or ')} in the GitHub emulator (in development without SITE_URL, listed emulator accounts are owners).`,
		)
	else if (mode === 'emulator')
		lines.push(
			`Owner's dashboard: nobody can open it here. Sign-in uses the embedded GitHub emulator, whose accounts are owners only under \`npm run dev\` on this machine without SITE_URL, whatever ADMIN_GITHUB_LOGINS says. Run \`npm run owner-link\` for a one-time owner sign-in link, \`npm run dev\`, or set GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET and ADMIN_GITHUB_LOGINS (${README}).`,
		)
	else if (mode === 'off')
		lines.push(
			`Owner's dashboard: nobody can open it here. GitHub sign-in is off (SITE_STATUS=released without GITHUB_CLIENT_ID): run \`npm run owner-link\` for a one-time owner sign-in link, or set GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET and ADMIN_GITHUB_LOGINS (${README}).`,
		)
	else if (config.ADMIN_GITHUB_LOGINS.length === 0)
		lines.push(
			`Owner's dashboard: nobody is an owner. Set ADMIN_GITHUB_LOGINS to your GitHub login, restart, and sign in at ${signIn} (${README}).`,
		)
	if (!config.SMTP_URL)
		lines.push(
			operatorTools
				? `E-mails are not sent (no SMTP_URL): read them at ${origin}/__outbox from this machine.`
				: `E-mails are not sent (no SMTP_URL): they wait in the outbox, which the owner reads at ${origin}/admin/email (and anyone on this machine at /__outbox under \`npm run dev\`).`,
		)
	return lines
}

/** Logs the hint, once the server listens at `origin`. */
export function logStartUpHint(origin: string) {
	const config = getConfig()
	const ownerLink = printsOwnerLinkAtStart(config) ? createOwnerSignInLink(origin) : undefined
	for (const line of startUpHint(config, origin, ownerLink)) log.info(line)
}
