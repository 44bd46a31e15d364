/**
 * The visitor's country and pricing level (GET /api/country, SPEC §3 "Country info"). Any
 * failure gives level 0 and region GLOBAL (SPEC §8): a price is always shown.
 */
import type { Db } from '~/db/client.server'
import { type CountryInfo, countryName, UNKNOWN_COUNTRY } from '~/domain/country'
import { type GeoQuery, getGeoLocator } from '~/integrations/geo/locate.server'
import type { GeoLocation } from '~/integrations/geo/types'
import { log } from '~/log.server'
import { getPricingTable, regionOfCountry } from './catalog.server'

/** The name a page shows for a location: the service's, else the English name of its code. */
export function shownCountryName(location: GeoLocation): string | undefined {
	return location.country ?? countryName(location.countryCode)
}

export async function getCountryInfo(db: Db, query: GeoQuery): Promise<CountryInfo> {
	try {
		const location = await getGeoLocator().locate(query)
		if (!location) return UNKNOWN_COUNTRY
		const region = regionOfCountry(await getPricingTable(db), location.countryCode)
		const shown = query.shownAs
		return {
			level: region.level,
			details: {
				region: region.name,
				discountPercent: region.discountPercent,
				countryCode: shown?.code ?? location.countryCode,
				country: shown?.name ?? shownCountryName(location) ?? null,
				city: location.city ?? null,
				timezone: location.timezone ?? null,
				source: location.source,
			},
		}
	} catch (error) {
		log.warn(`Geolocation lookup failed: ${(error as Error).message}`)
		return UNKNOWN_COUNTRY
	}
}
