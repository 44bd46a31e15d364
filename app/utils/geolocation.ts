/**
 * The geolocation record of SPEC §3, as analytics events carry it (SPEC §7), and country names.
 * SPEC §4's rule that completes a record (an address but no country code: look it up, name the
 * country from its code when the lookup does not) runs on the server, in getCountryInfo: the
 * browser never sees or sends the visitor's address (docs/decisions/093). Browser and server.
 */
export type GeoRecord = {
	country_code: string | null
	country: string | null
	city: string | null
	timezone: string | null
}

/** The record analytics events carry, from the country the server found (GET /api/country). */
export function geoRecordOf(details: {
	countryCode?: string | null
	country?: string | null
	city?: string | null
	timezone?: string | null
}): GeoRecord | null {
	if (!details.countryCode) return null
	return {
		country_code: details.countryCode,
		country: details.country || countryName(details.countryCode) || details.countryCode,
		city: details.city ?? null,
		timezone: details.timezone ?? null,
	}
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
