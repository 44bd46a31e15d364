/**
 * The geolocation record of SPEC §3, held by analytics, and the rule of SPEC §4 that completes
 * it: a record with an address but no country code gets one from a lookup. Browser and server.
 */
export type GeoRecord = {
	ip_address?: string | null
	country_code?: string | null
	country?: string | null
	city?: string | null
	timezone?: string | null
}

export type GeoAnswer = {
	countryCode?: string | null
	country?: string | null
	city?: string | null
	timezone?: string | null
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })

/** The English name of a country code ("DE" → "Germany"), or undefined when unknown. */
export function countryName(code: string | null | undefined): string | undefined {
	if (!code || !/^[A-Z]{2}$/.test(code)) return undefined
	try {
		const name = displayNames.of(code)
		// CLDR names the user-assigned code ZZ; it is no country.
		return name === 'Unknown Region' ? undefined : name
	} catch {
		return undefined
	}
}

/**
 * Fills in country code, country (else a name derived from the code), city and timezone when the
 * record has an address but no country code. Any other record, or a failed lookup, comes back
 * unchanged: geolocation never stops what it decorates.
 */
export async function completeGeoRecord(
	record: GeoRecord,
	lookup: (ip: string) => Promise<GeoAnswer | null>,
): Promise<GeoRecord> {
	if (!record.ip_address || record.country_code) return record
	let answer: GeoAnswer | null
	try {
		answer = await lookup(record.ip_address)
	} catch (error) {
		console.warn('Geolocation lookup failed:', (error as Error).message)
		return record
	}
	if (!answer?.countryCode) return record
	return {
		...record,
		country_code: answer.countryCode,
		country: answer.country || countryName(answer.countryCode) || answer.countryCode,
		city: answer.city ?? record.city ?? null,
		timezone: answer.timezone ?? record.timezone ?? null,
	}
}
