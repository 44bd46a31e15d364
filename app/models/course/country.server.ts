/**
 * The visitor's country and pricing level (GET /api/country, SPEC §3 "Country info"). Any
 * failure gives level 0 and region GLOBAL (SPEC §8): a price is always shown.
 */
import type { Db } from '~/db/client.server'
import { type CountryInfo, countryName, UNKNOWN_COUNTRY } from '~/domain/country'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { type GeoQuery, getGeoLocator } from '~/integrations/geo/locate.server'
import type { GeoLocation } from '~/integrations/geo/types'
import { log } from '~/log.server'
import { getPricingTable, regionOfCountry } from './catalog.server'

/**
 * The name a page in `locale` shows for a location: in English the service's, else its code's;
 * in another language its code's name there (the service names countries in English).
 */
export function shownCountryName(
	location: GeoLocation,
	locale: Locale = DEFAULT_LOCALE,
): string | undefined {
	return locale === DEFAULT_LOCALE
		? (location.country ?? countryName(location.countryCode))
		: (countryName(location.countryCode, locale) ?? location.country)
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
				country: shown?.name ?? shownCountryName(location, query.locale) ?? null,
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
