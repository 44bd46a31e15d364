/**
 * A coupon's use, checked again when an order is paid (docs/decisions/112). A use is counted from
 * the hold (price.server.ts), but two rules can only be checked at payment: one use per buyer
 * (the buyer's e-mail address arrives with the payment) and, for a payment that arrives after its
 * hold ended (docs/decisions/077), a use limit another buyer may have reached meanwhile. The
 * coupon row is locked as a new checkout locks it, so these counts are exact under concurrency.
 */
import { and, eq, ne, sql } from 'drizzle-orm'
import { rowsOf, type Tx } from '~/db/query.server'
import { coupons, orders } from '~/db/schema.server'
import { secondUseByBuyer } from '~/domain/checkout-rules'
import { mailboxOf } from '~/models/preferences/mailbox.server'

/** Why a payment with a coupon is refunded: the order's failure_reason, read by its notice. */
const COUPON_REFUSALS = {
	secondUse: 'coupon-once-per-buyer',
	usedUp: 'coupon-used-up',
} as const

export type CouponRefusal = (typeof COUPON_REFUSALS)[keyof typeof COUPON_REFUSALS]

/** The coupon's refusal an order's failure reason records, if it is one. */
export function couponRefusalOf(reason: string | null): CouponRefusal | null {
	return Object.values(COUPON_REFUSALS).find((refusal) => refusal === reason) ?? null
}

type PaidOrder = { id: string; couponCode: string | null }

/**
 * Whether the order may be paid with its coupon: `{ couponBuyer }` to store with the payment (the
 * buyer's mailbox key for a one-per-buyer coupon, else null), or the refusal. `late`: the order's
 * hold had ended, so its use no longer counted.
 */
export async function checkCouponAtPayment(
	tx: Tx,
	order: PaidOrder,
	email: string | null,
	{ late }: { late: boolean },
): Promise<{ couponBuyer: string | null } | { refused: CouponRefusal }> {
	if (!order.couponCode) return { couponBuyer: null }
	const rules = () =>
		tx
			.select({ maxUses: coupons.maxUses, onePerBuyer: coupons.onePerBuyer })
			.from(coupons)
			.where(eq(coupons.code, order.couponCode!))
	// Most payments have nothing to check: they do not queue behind checkouts for the row lock.
	const [unlocked] = await rules()
	if (!unlocked) return { couponBuyer: null }
	if (!unlocked.onePerBuyer && !(late && unlocked.maxUses !== null)) return { couponBuyer: null }
	const [coupon] = await rules().for('update')
	if (!coupon) return { couponBuyer: null }
	if (late && coupon.maxUses !== null) {
		const result = await tx.execute(
			sql`SELECT count(*)::int AS uses FROM orders
				WHERE coupon_code = ${order.couponCode} AND id <> ${order.id}
					AND (status = 'paid' OR (status = 'pending' AND expires_at > now()))`,
		)
		if (Number(rowsOf(result)[0]?.uses ?? 0) >= coupon.maxUses)
			return { refused: COUPON_REFUSALS.usedUp }
	}
	if (!coupon.onePerBuyer || !email) return { couponBuyer: null }
	const couponBuyer = mailboxOf(email).key
	const [row] = await tx
		.select({ uses: sql<number>`count(*)::int` })
		.from(orders)
		.where(
			and(
				eq(orders.couponCode, order.couponCode),
				eq(orders.couponBuyer, couponBuyer),
				eq(orders.status, 'paid'),
				ne(orders.id, order.id),
			),
		)
	return secondUseByBuyer(coupon, Number(row?.uses ?? 0))
		? { refused: COUPON_REFUSALS.secondUse }
		: { couponBuyer }
}
