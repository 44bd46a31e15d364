/**
 * Who holds a checkout's seats, for the seat-hold policy (docs/decisions/033): the client's
 * network (an IPv6 address by its /64, utils/client-network), kept only as a keyed hash.
 */
import crypto from 'node:crypto'
import { clientNetwork } from '~/utils/client-network'

/** The stored key: an HMAC of the network, so orders never keep a visitor's address. */
export function buyerKey(address: string, secret: string): string {
	const key = crypto.createHmac('sha256', secret).update('seat-hold-buyer').digest()
	return crypto.createHmac('sha256', key).update(clientNetwork(address)).digest('base64url')
}
