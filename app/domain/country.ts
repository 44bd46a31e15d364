/**
 * Country info (SPEC §3): the pricing level and region of the visitor's country. Browser-safe:
 * the server answers it (country.server.ts) and the regional-pricing switch falls back to it.
 */
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

/** What any failed lookup answers: level 0 and region GLOBAL (SPEC §8). */
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
