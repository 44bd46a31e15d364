/**
 * What the landing page shows (SPEC §4, docs/decisions/011): the course name, the seat's price in the
 * visitor's region when regional pricing is active, and the sold / remaining seats, and
 * how many of those are held by checkouts in progress (docs/decisions/033).
 */
import type { Db } from '~/db/client.server'
import type { CountryInfo } from '~/domain/country'
import { type SeatsShown, seatsShown } from '~/domain/course-counters'
import type { CatalogItem } from '~/domain/pricing'
import { GLOBAL_REGION } from '~/domain/pricing'
import type { GeoQuery } from '~/integrations/geo/locate.server'
import { log } from '~/log.server'
import { getCatalog } from './catalog.server'
import { getCountryInfo } from './country.server'
import { type Course, getCourse } from './course.server'

/**
 * The switch as a query parameter, so it works without JavaScript: ?pricing=global is the
 * visitor's choice; no parameter (the choice cleared) or ?pricing=regional is the automatic price.
 */
export type PricingChoice = 'regional' | 'global'

export function parsePricingChoice(value: string | null): PricingChoice | undefined {
	return value === 'regional' || value === 'global' ? value : undefined
}

export type CourseOffer = {
	course: Pick<Course, 'slug' | 'name' | 'status'> & {
		/** What the page says about seats: what a checkout would sell (issue 36 item 3). */
		seats: SeatsShown
	}
	country: CountryInfo
	/** Regional pricing is active: on unless the visitor chose the global price. */
	regionalPricing: boolean
	/** The course seat priced for the region in use; null when the catalog has none. */
	item: CatalogItem | null
	/** The same seat at the GLOBAL price, to show what the discount is taken from. */
	globalItem: CatalogItem | null
	/** The catalog query the browser repeats when the switch changes. */
	catalogQuery: { type: string; code?: string }
}

const SEAT_QUERY = { type: 'course' }

/** The landing page's offer; null (and a logged error) when the database cannot answer. */
export async function getCourseOffer(
	db: Db,
	{ geo, pricing }: { geo: GeoQuery; pricing?: PricingChoice },
): Promise<CourseOffer | null> {
	try {
		const [course, country] = await Promise.all([getCourse(db), getCountryInfo(db, geo)])
		const regionalPricing = pricing !== 'global'
		const region = regionalPricing ? country.details.region : GLOBAL_REGION
		const [regional, global] = await Promise.all([
			getCatalog(db, region, SEAT_QUERY),
			getCatalog(db, GLOBAL_REGION, SEAT_QUERY),
		])
		const item = regional.items[0] ?? null
		const { slug, name, status } = course
		return {
			course: { slug, name, status, seats: seatsShown(course) },
			// Every visitor of a country shares this page (docs/decisions/070): no city, no time zone.
			country: { ...country, details: { ...country.details, city: null, timezone: null } },
			regionalPricing,
			item,
			globalItem: global.items[0] ?? null,
			catalogQuery: { ...SEAT_QUERY, code: item?.code },
		}
	} catch (error) {
		log.error({ err: error }, 'The course offer could not be loaded')
		return null
	}
}
