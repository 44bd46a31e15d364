/** The catalog and its regional prices (SPEC §3, §4; docs/decisions/011). */
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { cachedRead } from '~/db/read-cache.server'
import { catalogItems, catalogPrices, countryRegions, pricingRegions } from '~/db/schema.server'
import { type CatalogItem, GLOBAL_REGION, normalizeRegion, toMajorUnits } from '~/domain/pricing'

export type PricingRegion = { name: string; level: number; discountPercent: number }

export type PricingTable = {
	regions: PricingRegion[]
	/** Country code → region name. */
	countries: Record<string, string>
}

export type CatalogFilters = { type?: string; code?: string }

export async function loadPricingTable(db: Db): Promise<PricingTable> {
	const [regions, countries] = await Promise.all([
		db.select().from(pricingRegions).orderBy(asc(pricingRegions.level)),
		db.select().from(countryRegions),
	])
	return {
		regions,
		countries: Object.fromEntries(countries.map((row) => [row.countryCode, row.region])),
	}
}

export async function getPricingTable(db: Db): Promise<PricingTable> {
	return cachedRead('pricing-table', () => loadPricingTable(db))
}

/** The region of a country, GLOBAL for unknown or missing codes. */
export function regionOfCountry(table: PricingTable, countryCode: string | null): PricingRegion {
	const name = (countryCode && table.countries[countryCode]) || GLOBAL_REGION
	return (
		table.regions.find((region) => region.name === name) ?? {
			name: GLOBAL_REGION,
			level: 0,
			discountPercent: 0,
		}
	)
}

/** Active items priced for `region`, in catalog order. Items without a price there are left out. */
export async function loadCatalog(db: Db, region: string): Promise<CatalogItem[]> {
	const rows = await db
		.select({
			code: catalogItems.code,
			type: catalogItems.type,
			name: catalogItems.name,
			description: catalogItems.description,
			amountMinor: catalogPrices.amountMinor,
			currency: catalogPrices.currency,
			discountPercent: pricingRegions.discountPercent,
		})
		.from(catalogItems)
		.innerJoin(
			catalogPrices,
			and(eq(catalogPrices.itemCode, catalogItems.code), eq(catalogPrices.region, region)),
		)
		.innerJoin(pricingRegions, eq(pricingRegions.name, catalogPrices.region))
		.where(eq(catalogItems.active, true))
		.orderBy(asc(catalogItems.sortOrder), asc(catalogItems.code))
	return rows.map(({ amountMinor, currency, ...item }) => ({
		...item,
		price: toMajorUnits(amountMinor, currency),
		currency,
		region,
	}))
}

/**
 * The catalog for a region (unknown or missing: GLOBAL, SPEC §9), narrowed by the filters.
 * Cached per region; filters apply in memory.
 */
export async function getCatalog(
	db: Db,
	requestedRegion: unknown,
	filters: CatalogFilters = {},
): Promise<{ region: string; items: CatalogItem[] }> {
	const table = await getPricingTable(db)
	const region = normalizeRegion(
		requestedRegion,
		table.regions.map((r) => r.name),
	)
	const items = await cachedRead(`catalog:${region}`, () => loadCatalog(db, region))
	return {
		region,
		items: items.filter(
			(item) =>
				(filters.type === undefined || item.type === filters.type) &&
				(filters.code === undefined || item.code === filters.code),
		),
	}
}
