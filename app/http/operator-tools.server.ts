/**
 * Who may use the operator tools (DESIGN.md "Embedded defaults", docs/decisions/068): the
 * outbox viewer, and preview without PREVIEW_SECRET. They show every visitor's address, link and
 * draft, so they answer only in development (`npm run dev`), to a client on the machine itself,
 * while SITE_URL is unset (a fresh clone); to everyone else they do not exist, whatever
 * SITE_STATUS says (`pre_release` is a public, selling state). The signed-in owner
 * (ADMIN_GITHUB_LOGINS) is to be added here, and only here.
 */
import type { AppLoadContext } from '@remix-run/node'
import { getConfig } from '~/config.server'

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (how Node reports an IPv4 peer on a dual stack). */
export function isLoopbackAddress(address: string): boolean {
	const ip = address.replace(/^::ffff:/i, '')
	return ip === '::1' || /^127(?:\.\d{1,3}){3}$/.test(ip)
}

/**
 * Whether this request may use the operator tools. `context.clientIp` is the address as
 * resolved under TRUST_PROXY (server.ts), so a forwarded header from an untrusted peer cannot
 * make a stranger look local.
 */
export function canUseOperatorTools(context: Pick<AppLoadContext, 'clientIp'>): boolean {
	const config = getConfig()
	return (
		config.NODE_ENV === 'development' &&
		config.SITE_URL === undefined &&
		isLoopbackAddress(context.clientIp)
	)
}
