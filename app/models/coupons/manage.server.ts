/**
 * The coupons the owner manages (docs/decisions/112): their list with usage and revenue, and
 * creating, editing, disabling and enabling one. Each change writes its audit line with the
 * coupon before and after, in the change's transaction (docs/decisions/081).
 */
import { asc, eq, sql } from 'drizzle-orm'
import { ownerTimeZone } from '~/content/owner-zone.server'
import type { Db } from '~/db/client.server'
import { rowsOf, type Tx } from '~/db/query.server'
import { catalogItems, catalogPrices, couponItems, coupons } from '~/db/schema.server'
import { foldCouponCode } from '~/domain/checkout-rules'
import { minorUnitsPerMajor } from '~/domain/pricing'
import { instantOfWallClock, wallClockInZone } from '~/domain/time'
import type { AdminCouponInput } from '~/forms/admin-coupon'
import { MESSAGES } from '~/forms/messages'
import { recordOwnerAction } from '~/models/audit/audit.server'

type Actor = { name: string }

/** What the owner can choose from: the products and the currencies they are priced in. */
export async function getCouponChoices(db: Db) {
	const items = await db
		.select({ code: catalogItems.code, name: catalogItems.name })
		.from(catalogItems)
		.orderBy(asc(catalogItems.sortOrder), asc(catalogItems.code))
	const currencies = await db
		.selectDistinct({ currency: catalogPrices.currency })
		.from(catalogPrices)
		.orderBy(asc(catalogPrices.currency))
	return { items, currencies: currencies.map((row) => row.currency.trim()) }
}

/**
 * Every coupon, newest first, with its uses and what it brought: paid orders (a refunded order is
 * no longer paid, so revenue is net of refunds), seats held by unpaid checkouts now, and the
 * money taken and given off per currency.
 */
export async function listCoupons(db: Db) {
	const list = await db.select().from(coupons).orderBy(sql`${coupons.createdAt} DESC`, coupons.code)
	const usage = rowsOf(
		await db.execute(sql`
			SELECT coupon_code, currency,
				count(*) FILTER (WHERE status = 'paid')::int AS paid,
				count(*) FILTER (WHERE status = 'pending' AND expires_at > now())::int AS held,
				count(*) FILTER (WHERE status = 'refunded')::int AS refunded,
				coalesce(sum(amount_minor - refunded_minor) FILTER (WHERE status = 'paid'), 0)::bigint AS revenue,
				coalesce(sum(discount_minor) FILTER (WHERE status = 'paid'), 0)::bigint AS discount
			FROM orders WHERE coupon_code IS NOT NULL
			GROUP BY coupon_code, currency ORDER BY currency`),
	)
	const items = await db.select().from(couponItems)
	return list.map((coupon) => {
		const rows = usage.filter((row) => row.coupon_code === coupon.code)
		const sum = (key: string) => rows.reduce((total, row) => total + Number(row[key]), 0)
		return {
			...coupon,
			itemCodes: itemCodesOf(coupon, items),
			paid: sum('paid'),
			held: sum('held'),
			refunded: sum('refunded'),
			revenue: rows
				.filter((row) => Number(row.paid) > 0)
				.map((row) => ({
					currency: String(row.currency).trim(),
					revenueMinor: Number(row.revenue),
					discountMinor: Number(row.discount),
				})),
		}
	})
}

function itemCodesOf(
	coupon: { code: string; itemCode: string | null },
	items: { couponCode: string; itemCode: string }[],
): string[] {
	const listed = items.filter((row) => row.couponCode === coupon.code).map((row) => row.itemCode)
	return [...new Set([...listed, ...(coupon.itemCode ? [coupon.itemCode] : [])])].sort()
}

/** One coupon by its code, whatever its case, with its products; null when there is none. */
export async function getCoupon(db: Db | Tx, code: string) {
	const [coupon] = await db
		.select()
		.from(coupons)
		.where(sql`lower(${coupons.code}) = ${foldCouponCode(code)}`)
	if (!coupon) return null
	const items = await db.select().from(couponItems).where(eq(couponItems.couponCode, coupon.code))
	return { ...coupon, itemCodes: itemCodesOf(coupon, items) }
}

export type CouponOutcome =
	| { ok: true; code: string; message: string }
	| { ok: false; fieldErrors: Record<string, string[]> }

/** The instant of a time typed in the form: the owner's wall clock (docs/decisions/153). */
const instantOf = (local: string | null) =>
	local === null ? null : instantOfWallClock(local, ownerTimeZone())

/** The coupon's columns from the form: a fixed amount in minor units of its currency. */
function columnsOf(input: AdminCouponInput) {
	const fixed = input.kind === 'fixed'
	const currency = fixed ? (input.currency ?? 'USD') : null
	const amount = fixed
		? Math.round(Number(input.amount) * minorUnitsPerMajor(currency!))
		: Number(input.amount)
	return {
		kind: input.kind,
		amount,
		currency,
		// The allow-list lives in coupon_items; the column of coupons written with SQL is cleared.
		itemCode: null,
		maxUses: input.maxUses === null ? null : Number(input.maxUses),
		startsAt: instantOf(input.startsAt),
		expiresAt: instantOf(input.expiresAt),
		onePerBuyer: input.onePerBuyer,
		partnerKey: input.partnerKey,
		combinesWithRegional: !input.notWithRegional,
		maxDiscountedUnits:
			fixed || input.maxDiscountedUnits === null ? null : Number(input.maxDiscountedUnits),
	}
}

/** What the audit log keeps of a coupon: every rule, times as ISO strings. */
function auditView(coupon: NonNullable<Awaited<ReturnType<typeof getCoupon>>>) {
	return {
		code: coupon.code,
		kind: coupon.kind,
		amount: coupon.amount,
		currency: coupon.currency,
		items: coupon.itemCodes,
		maxUses: coupon.maxUses,
		startsAt: coupon.startsAt?.toISOString() ?? null,
		expiresAt: coupon.expiresAt?.toISOString() ?? null,
		onePerBuyer: coupon.onePerBuyer,
		partnerKey: coupon.partnerKey,
		combinesWithRegional: coupon.combinesWithRegional,
		maxDiscountedUnits: coupon.maxDiscountedUnits,
		active: coupon.active,
	}
}

/**
 * Field errors the database would refuse, checked before writing: products, currency, cents; and
 * times the owner's zone skips, or a window that is empty once read in it.
 */
async function refusedFields(db: Db, input: AdminCouponInput) {
	const { items, currencies } = await getCouponChoices(db)
	const known = new Set(items.map((item) => item.code))
	const errors: Record<string, string[]> = {}
	if (input.items.some((code) => !known.has(code))) errors.items = [MESSAGES.couponUnknownProduct]
	if (input.kind === 'fixed') {
		if (!input.currency || !currencies.includes(input.currency))
			errors.currency = [MESSAGES.couponCurrency]
		else if (!Number.isInteger(Number(input.amount) * minorUnitsPerMajor(input.currency)))
			errors.amount = [MESSAGES.couponFixedAmount]
	}
	const [startsAt, expiresAt] = [input.startsAt, input.expiresAt].map(instantOf)
	if (input.startsAt && !startsAt) errors.startsAt = [MESSAGES.couponTimeSkipped]
	if (input.expiresAt && !expiresAt) errors.expiresAt = [MESSAGES.couponTimeSkipped]
	// Of an hour the clocks repeat, 02:45 may be read before 02:15 (decision 153).
	else if (startsAt && expiresAt && expiresAt <= startsAt)
		errors.expiresAt = [MESSAGES.couponWindow]
	return Object.keys(errors).length > 0 ? errors : null
}

async function replaceItems(tx: Tx, code: string, items: string[]) {
	await tx.delete(couponItems).where(eq(couponItems.couponCode, code))
	if (items.length > 0)
		await tx
			.insert(couponItems)
			.values([...new Set(items)].map((itemCode) => ({ couponCode: code, itemCode })))
}

/** Creates a coupon; a code taken already (in any case) is the code field's error. */
export async function createCoupon(
	db: Db,
	actor: Actor,
	input: AdminCouponInput,
): Promise<CouponOutcome> {
	const refused = await refusedFields(db, input)
	if (refused) return { ok: false, fieldErrors: refused }
	return db.transaction(async (tx) => {
		const [created] = await tx
			.insert(coupons)
			.values({ code: input.code, ...columnsOf(input) })
			.onConflictDoNothing()
			.returning({ code: coupons.code })
		if (!created) return { ok: false, fieldErrors: { code: [MESSAGES.couponCodeTaken] } }
		await replaceItems(tx, created.code, input.items)
		const after = await getCoupon(tx, created.code)
		await recordOwnerAction(tx, {
			actor: actor.name,
			action: 'coupon-create',
			target: `coupon:${created.code}`,
			after: after && auditView(after),
		})
		return { ok: true, code: created.code, message: `Coupon ${created.code} is created.` }
	})
}

/** Changes a coupon's rules (its code stays: orders name it). Null when there is no such coupon. */
export async function updateCoupon(
	db: Db,
	actor: Actor,
	code: string,
	input: AdminCouponInput,
): Promise<CouponOutcome | null> {
	const refused = await refusedFields(db, input)
	if (refused) return { ok: false, fieldErrors: refused }
	return db.transaction(async (tx) => {
		const before = await lockedCoupon(tx, code)
		if (!before) return null
		await tx
			.update(coupons)
			.set({ ...columnsOf(input), updatedAt: new Date() })
			.where(eq(coupons.code, before.code))
		await replaceItems(tx, before.code, input.items)
		const after = await getCoupon(tx, before.code)
		await recordOwnerAction(tx, {
			actor: actor.name,
			action: 'coupon-edit',
			target: `coupon:${before.code}`,
			before: auditView(before),
			after: after && auditView(after),
		})
		return { ok: true, code: before.code, message: `Coupon ${before.code} is saved.` }
	})
}

/** Disables (it applies to no new checkout) or enables a coupon. Null when there is none. */
export async function setCouponActive(
	db: Db,
	actor: Actor,
	code: string,
	active: boolean,
): Promise<{ ok: true; code: string; message: string } | null> {
	return db.transaction(async (tx) => {
		const before = await lockedCoupon(tx, code)
		if (!before) return null
		await tx
			.update(coupons)
			.set({ active, updatedAt: new Date() })
			.where(eq(coupons.code, before.code))
		await recordOwnerAction(tx, {
			actor: actor.name,
			action: active ? 'coupon-enable' : 'coupon-disable',
			target: `coupon:${before.code}`,
			before: { active: before.active },
			after: { active },
		})
		return {
			ok: true,
			code: before.code,
			message: `Coupon ${before.code} is ${active ? 'enabled' : 'disabled'}.`,
		}
	})
}

/** The coupon, its row locked as a checkout locks it, so a change and a use never interleave. */
async function lockedCoupon(tx: Tx, code: string) {
	const [row] = await tx
		.select({ code: coupons.code })
		.from(coupons)
		.where(sql`lower(${coupons.code}) = ${foldCouponCode(code)}`)
		.for('update')
	return row ? getCoupon(tx, row.code) : null
}

/**
 * The form's values for a stored coupon: amounts as typed (9.50), times as the inputs show them,
 * on the owner's wall clock.
 */
export function couponFormValues(coupon: NonNullable<Awaited<ReturnType<typeof getCoupon>>>) {
	const localTime = (time: Date | null) =>
		time ? wallClockInZone(time.toISOString(), ownerTimeZone()) : ''
	const currency = coupon.currency?.trim() ?? ''
	return {
		code: coupon.code,
		kind: coupon.kind,
		amount:
			coupon.kind === 'fixed' && currency
				? (coupon.amount / minorUnitsPerMajor(currency)).toFixed(
						Math.round(Math.log10(minorUnitsPerMajor(currency))),
					)
				: String(coupon.amount),
		currency,
		items: coupon.itemCodes,
		maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
		startsAt: localTime(coupon.startsAt),
		expiresAt: localTime(coupon.expiresAt),
		onePerBuyer: coupon.onePerBuyer,
		partnerKey: coupon.partnerKey ?? '',
		notWithRegional: !coupon.combinesWithRegional,
		maxDiscountedUnits: coupon.maxDiscountedUnits === null ? '' : String(coupon.maxDiscountedUnits),
	}
}
