/**
 * Pricing a checkout (SPEC §4, §7): the item and its price in the requested region come from the
 * database only, never from the client; a coupon is applied by our pricing (checkout rules).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { rowsOf } from '~/db/query.server'
import { catalogItems, catalogPrices, couponItems, coupons } from '~/db/schema.server'
import {
	type Coupon,
	couponApplies,
	foldCouponCode,
	type OrderPrice,
	priceOrder,
} from '~/domain/checkout-rules'
import { GLOBAL_REGION } from '~/domain/pricing'
import { CheckoutError } from './errors'

export type PricedItem = {
	code: string
	type: string
	name: string
	description: string
	courseSlug: string | null
	capacity: number | null
	amountMinor: number
	/** The full (GLOBAL) price of one, in `currency`: `amountMinor` itself outside any region. */
	baseAmountMinor: number
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
	return {
		...found,
		amountMinor,
		currency,
		baseAmountMinor: await baseAmount(db, { code, region, currency, amountMinor }),
	}
}

/**
 * The item's GLOBAL price, what a coupon that does not combine with regional prices comes off
 * (docs/decisions/158): the regional one itself in GLOBAL, or when GLOBAL's is in another currency.
 */
async function baseAmount(
	db: Db,
	{
		code,
		region,
		currency,
		amountMinor,
	}: { code: string; region: string; currency: string; amountMinor: number },
): Promise<number> {
	if (region === GLOBAL_REGION) return amountMinor
	const [base] = await db
		.select({ amountMinor: catalogPrices.amountMinor, currency: catalogPrices.currency })
		.from(catalogPrices)
		.where(and(eq(catalogPrices.itemCode, code), eq(catalogPrices.region, GLOBAL_REGION)))
	return base && base.currency === currency ? base.amountMinor : amountMinor
}

/** A coupon that applies to an order, and the partner it credits. */
type AppliedCoupon = Coupon & { partnerKey: string | null; onePerBuyer: boolean }

/**
 * The coupon to apply, locked for this transaction; null when the code is none or unusable.
 * Codes match whatever their case. An unknown code runs the same queries as a known one (on no
 * rows), so that what a visitor can time does not tell the two apart (docs/decisions/112).
 */
async function usableCoupon(
	tx: Db,
	code: string | null | undefined,
	{ itemCode, currency }: { itemCode: string; currency: string },
): Promise<AppliedCoupon | null> {
	if (!code) return null
	const folded = foldCouponCode(code)
	const [coupon] = await tx
		.select()
		.from(coupons)
		.where(sql`lower(${coupons.code}) = ${folded}`)
		.for('update')
	const stored = coupon?.code ?? folded
	const items = await tx
		.select({ itemCode: couponItems.itemCode })
		.from(couponItems)
		.where(eq(couponItems.couponCode, stored))
	const result = await tx.execute(
		sql`SELECT count(*)::int AS uses FROM orders
			WHERE coupon_code = ${stored}
				AND (status = 'paid' OR (status = 'pending' AND expires_at > now()))`,
	)
	if (!coupon) return null
	const uses = Number(rowsOf(result)[0]?.uses ?? 0)
	const applied = { ...coupon, itemCodes: items.map((row) => row.itemCode) }
	return couponApplies(applied, { itemCode, currency, uses, now: new Date() }) ? applied : null
}

/**
 * What `quantity` of `item` costs with the coupon `code`, if it applies, and the partner that
 * coupon credits. Run it in the order's transaction when there is a code: the coupon row stays
 * locked until the order that counts as its use is inserted, so two buyers of its last use
 * never both get it.
 */
export async function priceWithCoupon(
	tx: Db,
	item: PricedItem,
	quantity: number,
	code: string | null | undefined,
): Promise<OrderPrice & { partnerKey: string | null }> {
	const coupon = await usableCoupon(tx, code, { itemCode: item.code, currency: item.currency })
	const price = priceOrder({
		unitAmountMinor: item.amountMinor,
		baseUnitAmountMinor: item.baseAmountMinor,
		quantity,
		coupon,
	})
	return { ...price, partnerKey: price.couponCode ? (coupon?.partnerKey ?? null) : null }
}
