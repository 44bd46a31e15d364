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
 * Whether this request may use the operator tools. "On this machine" is the socket's peer
 * (docs/decisions/132): an `X-Forwarded-For: 127.0.0.1` never makes a stranger local, not even
 * under TRUST_PROXY, where it is believed for the visitor's address. Behind a proxy on this
 * machine, the visitor it forwards for (`clientIp`, resolved under TRUST_PROXY) must be local
 * too, so the proxy being local does not open the tools to whoever it serves.
 */
export function canUseOperatorTools(context: Pick<AppLoadContext, 'clientIp' | 'peerIp'>): boolean {
	const config = getConfig()
	return (
		config.NODE_ENV === 'development' &&
		config.SITE_URL === undefined &&
		context.peerIp !== undefined &&
		isLoopbackAddress(context.peerIp) &&
		isLoopbackAddress(context.clientIp)
	)
}
