/** What a geolocation source knows about an address. Only the country code is certain. */
export type GeoLocation = {
	countryCode: string
	country?: string
	city?: string
	timezone?: string
	source: 'header' | 'service' | 'offline'
}

const COUNTRY_CODE = /^[A-Z]{2}$/

/**
 * An ISO 3166-1 alpha-2 code, upper-cased, or null. CDNs use XX for unknown and T1 for Tor;
 * neither is a country.
 */
export function parseCountryCode(value: unknown): string | null {
	if (typeof value !== 'string') return null
	const code = value.trim().toUpperCase()
	if (!COUNTRY_CODE.test(code) || code === 'XX' || code === 'T1') return null
	return code
}
