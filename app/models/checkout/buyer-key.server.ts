/**
 * Who holds a checkout's seats, for the seat-hold policy (docs/decisions/033): the client
 * address, an IPv6 address by its /64 (one household or host gets a whole /64, so counting
 * addresses in it would count nothing), kept only as a keyed hash.
 */
import crypto from 'node:crypto'
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

/** The network a client address stands for: an IPv4 address, or an IPv6 /64. */
export function buyerNetwork(address: string): string {
	const plain = address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
	if (isIPv4(plain)) return plain
	const ipv6 = plain.split('%')[0]!
	if (isIPv6(ipv6) && !ipv6.includes('.')) return `${ipv6Prefix64(ipv6.toLowerCase())}::/64`
	return plain
}

/** The stored key: an HMAC of the network, so orders never keep a visitor's address. */
export function buyerKey(address: string, secret: string): string {
	const key = crypto.createHmac('sha256', secret).update('seat-hold-buyer').digest()
	return crypto.createHmac('sha256', key).update(buyerNetwork(address)).digest('base64url')
}
