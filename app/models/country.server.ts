/**
 * The visitor's country and pricing level (GET /api/country, SPEC §3 "Country info"). Any
 * failure gives level 0 and region GLOBAL (SPEC §8): a price is always shown.
 */
import { type GeoQuery, getGeoLocator } from '~/integrations/geo/locate.server'
import { countryName } from '~/utils/geolocation'
import { getPricingTable, regionOfCountry } from './catalog.server'
import { GLOBAL_REGION } from './pricing'

export type CountryInfo = {
	level: number
	details: {
		region: string
		discountPercent: number
		countryCode: string | null
		country: string | null
		city: string | null
		timezone: string | null
		source: 'header' | 'service' | 'offline' | null
	}
}

export const UNKNOWN_COUNTRY: CountryInfo = {
	level: 0,
	details: {
		region: GLOBAL_REGION,
		discountPercent: 0,
		countryCode: null,
		country: null,
		city: null,
		timezone: null,
		source: null,
	},
}

export async function getCountryInfo(query: GeoQuery): Promise<CountryInfo> {
	try {
		const location = await getGeoLocator().locate(query)
		if (!location) return UNKNOWN_COUNTRY
		const region = regionOfCountry(await getPricingTable(), location.countryCode)
		return {
			level: region.level,
			details: {
				region: region.name,
				discountPercent: region.discountPercent,
				countryCode: location.countryCode,
				country: location.country ?? countryName(location.countryCode) ?? null,
				city: location.city ?? null,
				timezone: location.timezone ?? null,
				source: location.source,
			},
		}
	} catch (error) {
		console.warn('Geolocation lookup failed:', (error as Error).message)
		return UNKNOWN_COUNTRY
	}
}
