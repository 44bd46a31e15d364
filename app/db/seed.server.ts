/**
 * Inserts the seed data (./seed-data.ts) that is missing. Idempotent and safe for app servers
 * starting together: every insert skips rows that already exist.
 */
import { minorUnitsPerMajor, regionalAmountMinor } from '~/models/pricing'
import type { Db } from './client.server'
import {
	catalogItems,
	catalogPrices,
	countryRegions,
	courses,
	pricingRegions,
} from './schema.server'
import * as seed from './seed-data'

export async function seedDatabase(db: Db): Promise<void> {
	await db.insert(courses).values(seed.course).onConflictDoNothing()
	await db
		.insert(pricingRegions)
		.values([...seed.pricingRegions])
		.onConflictDoNothing()
	await db.insert(countryRegions).values(seed.countryRegionRows()).onConflictDoNothing()
	await db
		.insert(catalogItems)
		.values(
			seed.catalog.map(({ code, type, name, description, courseSlug, sortOrder }) => ({
				code,
				type,
				name,
				description,
				courseSlug,
				sortOrder,
			})),
		)
		.onConflictDoNothing()
	await db
		.insert(catalogPrices)
		.values(
			seed.catalog.flatMap((item) =>
				seed.pricingRegions.map((region) => ({
					itemCode: item.code,
					region: region.name,
					amountMinor: regionalAmountMinor(
						item.basePriceMinor,
						region.discountPercent,
						minorUnitsPerMajor(item.currency),
					),
					currency: item.currency,
				})),
			),
		)
		.onConflictDoNothing()
}
