/**
 * The network a client address stands for, the unit the form-post rate limit and the seat-hold
 * policy count (docs/decisions/033, 105): an IPv4 address is itself, an IPv6 address is its /64
 * (one household or host gets a whole /64, so counting addresses in it would count nothing).
 */
import { isIPv4, isIPv6 } from 'node:net'

/** The first four groups of an IPv6 address, expanded: its /64 network. */
function ipv6Prefix64(address: string): string {
	const [head = '', tail = ''] = address.split('::')
	const left = head ? head.split(':') : []
	const right = address.includes('::') && tail ? tail.split(':') : []
	const groups = address.includes('::')
		? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
		: left
	return groups
		.slice(0, 4)
		.map((group) => Number.parseInt(group, 16).toString(16))
		.join(':')
}

/** An IPv4 address (also when mapped into IPv6), or an IPv6 /64 as `a:b:c:d::/64`. */
export function clientNetwork(address: string): string {
	const plain = address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
	if (isIPv4(plain)) return plain
	const ipv6 = plain.split('%')[0]!
	if (isIPv6(ipv6) && !ipv6.includes('.')) return `${ipv6Prefix64(ipv6.toLowerCase())}::/64`
	return plain
}
