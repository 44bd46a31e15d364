import type { GeoQuery } from '~/integrations/geo/locate.server'
import { redact } from '~/utils/redact'
import { type CatalogItem, getCatalog } from './catalog.server'
import { getCountryInfo } from './country.server'

/** The day event's passes, priced for the visitor's region; empty (and logged) when the database cannot answer. */
export async function getDayPasses(geo: GeoQuery): Promise<CatalogItem[]> {
	try {
		const country = await getCountryInfo(geo)
		return (await getCatalog(country.details.region, { type: 'pass' })).items
	} catch (error) {
		console.error('The day passes could not be loaded:', redact(error))
		return []
	}
}
