import net from 'node:net'

/**
 * Addresses no geolocation source can place: private, loopback, link-local, CGNAT,
 * documentation and other reserved ranges.
 */
const reserved = new net.BlockList()
for (const [prefix, bits] of [
	['0.0.0.0', 8],
	['10.0.0.0', 8],
	['100.64.0.0', 10],
	['127.0.0.0', 8],
	['169.254.0.0', 16],
	['172.16.0.0', 12],
	['192.0.0.0', 24],
	['192.0.2.0', 24],
	['192.168.0.0', 16],
	['198.18.0.0', 15],
	['198.51.100.0', 24],
	['203.0.113.0', 24],
	['224.0.0.0', 3],
] as const)
	reserved.addSubnet(prefix, bits, 'ipv4')
for (const [prefix, bits] of [
	['::', 127],
	['fc00::', 7],
	['fe80::', 10],
	['ff00::', 8],
	['2001:db8::', 32],
] as const)
	reserved.addSubnet(prefix, bits, 'ipv6')

/**
 * The address in plain form: IPv4-mapped IPv6 (::ffff:1.2.3.4, as Node reports IPv4 peers on
 * a dual-stack socket) becomes IPv4; a zone index goes. Null when it is not an IP address.
 */
function normalizeIp(value: string): string | null {
	let ip = value.trim()
	if (ip.startsWith('[') && ip.endsWith(']')) ip = ip.slice(1, -1)
	ip = ip.replace(/%.*$/, '')
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
	if (mapped?.[1]) ip = mapped[1]
	return net.isIP(ip) === 0 ? null : ip
}

/** A normalised public address, or null for garbage and reserved ranges. */
export function publicIp(value: string): string | null {
	const ip = normalizeIp(value)
	if (!ip) return null
	return reserved.check(ip, net.isIPv4(ip) ? 'ipv4' : 'ipv6') ? null : ip
}
