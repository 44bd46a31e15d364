/**
 * Pricing a checkout (SPEC §4, §7): the item and its price in the requested region come from the
 * database only, never from the client; a coupon is applied by our pricing (checkout rules).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { catalogItems, catalogPrices, coupons } from '~/db/schema.server'
import { CheckoutError } from './errors'
import { rowsOf } from './query.server'
import { type Coupon, couponApplies, type OrderPrice, priceOrder } from './rules'

export type PricedItem = {
	code: string
	type: string
	name: string
	description: string
	courseSlug: string | null
	capacity: number | null
	amountMinor: number
	currency: string
}

/**
 * The active item with `code` and its unit price in `region`. Throws a CheckoutError for an
 * unknown item, a type that does not match the catalog, or no price in that region.
 */
export async function findPricedItem(
	db: Db,
	{ code, type, region }: { code: string; type?: string; region: string },
): Promise<PricedItem> {
	const [found] = await db
		.select({
			code: catalogItems.code,
			type: catalogItems.type,
			name: catalogItems.name,
			description: catalogItems.description,
			courseSlug: catalogItems.courseSlug,
			capacity: catalogItems.capacity,
			active: catalogItems.active,
			amountMinor: catalogPrices.amountMinor,
			currency: catalogPrices.currency,
		})
		.from(catalogItems)
		.leftJoin(
			catalogPrices,
			and(eq(catalogPrices.itemCode, catalogItems.code), eq(catalogPrices.region, region)),
		)
		.where(eq(catalogItems.code, code))
	if (!found?.active) throw new CheckoutError(404, `unknown product code '${code}'`, 'product')
	if (type !== undefined && type !== found.type)
		throw new CheckoutError(400, `'${code}' is not of type '${type}'`, 'product')
	const { amountMinor, currency } = found
	if (amountMinor === null || currency === null)
		throw new CheckoutError(400, `'${code}' has no price in region ${region}`, 'region')
	return { ...found, amountMinor, currency }
}

/** The coupon to apply, locked for this transaction; null when the code is none or unusable. */
async function usableCoupon(
	tx: Db,
	code: string | null | undefined,
	{ itemCode, currency }: { itemCode: string; currency: string },
): Promise<Coupon | null> {
	if (!code) return null
	const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update')
	if (!coupon) return null
	const result = await tx.execute(
		sql`SELECT count(*)::int AS uses FROM orders
			WHERE coupon_code = ${code}
				AND (status = 'paid' OR (status = 'pending' AND expires_at > now()))`,
	)
	const uses = Number(rowsOf(result)[0]?.uses ?? 0)
	return couponApplies(coupon, { itemCode, currency, uses, now: new Date() }) ? coupon : null
}

/**
 * What `quantity` of `item` costs with the coupon `code`, if it applies. Run it in the order's
 * transaction when there is a code: the coupon row stays locked until the order that counts as
 * its use is inserted.
 */
export async function priceWithCoupon(
	tx: Db,
	item: PricedItem,
	quantity: number,
	code: string | null | undefined,
): Promise<OrderPrice> {
	const coupon = await usableCoupon(tx, code, { itemCode: item.code, currency: item.currency })
	return priceOrder({ unitAmountMinor: item.amountMinor, quantity, coupon })
}
