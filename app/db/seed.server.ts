/**
 * Inserts the seed data (db/seed-data.ts) that is missing; here rather than in db/ because the
 * catalog prices come from the regional-pricing rule (domain/pricing.ts). Idempotent and safe for app servers
 * starting together: every insert skips rows that already exist.
 */

import type { Db } from '~/db/client.server'
import {
	catalogItems,
	catalogPrices,
	countryRegions,
	courses,
	pricingRegions,
} from '~/db/schema.server'
import * as seed from '~/db/seed-data'
import { minorUnitsPerMajor, regionalAmountMinor } from '~/domain/pricing'

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
