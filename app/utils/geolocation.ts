/**
 * The geolocation record of SPEC §3, as analytics events carry it (SPEC §7); country names come
 * from domain/country.ts.
 * SPEC §4's rule that completes a record (an address but no country code: look it up, name the
 * country from its code when the lookup does not) runs on the server, in getCountryInfo: the
 * browser never sees or sends the visitor's address (docs/decisions/093). Browser and server.
 */
import { countryName } from '~/domain/country'

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
