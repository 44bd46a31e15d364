import type { Db } from '~/db/client.server'
import type { CatalogItem } from '~/domain/pricing'
import type { GeoQuery } from '~/integrations/geo/locate.server'
import { log } from '~/log.server'
import { getWaitlistState, type WaitlistState } from '~/models/waitlist/entries.server'
import { getCatalog } from './catalog.server'
import { getCountryInfo } from './country.server'

/** A day pass in the visitor's region, with the GLOBAL price it is discounted from (docs/decisions/088). */
export type DayPass = CatalogItem & {
	globalPrice: number | null
	/** Sold out, and how many wait (docs/decisions/120); null when not known. */
	waitlist: WaitlistState | null
}

/**
 * The day event's passes, priced for the visitor's region, and the country that price is for;
 * no passes (and a logged error) when the database cannot answer.
 */
export async function getDayPasses(
	db: Db,
	geo: GeoQuery,
): Promise<{ passes: DayPass[]; country: string | null }> {
	try {
		const country = await getCountryInfo(db, geo)
		const region = country.details.region
		const [regional, global] = await Promise.all([
			getCatalog(db, region, { type: 'pass' }),
			region === 'GLOBAL' ? null : getCatalog(db, 'GLOBAL', { type: 'pass' }),
		])
		const passes = await Promise.all(
			regional.items.map(async (item) => ({
				...item,
				globalPrice:
					item.discountPercent > 0
						? (global?.items.find((candidate) => candidate.code === item.code)?.price ?? null)
						: null,
				waitlist: await getWaitlistState(db, item.code),
			})),
		)
		return {
			passes,
			country: country.details.country ?? country.details.countryCode ?? null,
		}
	} catch (error) {
		log.error({ err: error }, 'The day passes could not be loaded')
		return { passes: [], country: null }
	}
}
