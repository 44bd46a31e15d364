/**
 * The dashboard's coupon form (docs/decisions/112): what a coupon takes off, for which products,
 * how many times, when, for whom, and the partner it credits. Amounts are typed as the owner
 * reads them (25 %, 9.50 USD); the model turns a fixed amount into minor units. Times are the
 * owner's wall clock (the form names their zone); the model reads them in it (docs/decisions/153).
 */
import { z } from 'zod'
import { MESSAGES } from './messages'

/** A coupon code as stored (the database's own check): case is kept, and ignored when matched. */
const COUPON_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/
const PARTNER_KEY = /^[A-Za-z0-9_.:-]{1,64}$/
/** `<input type="datetime-local">`'s value, to the minute or second. */
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/

const optionalText = (pattern: RegExp, message: string) =>
	z
		.string()
		.trim()
		.optional()
		.refine((value) => !value || pattern.test(value), message)
		.transform((value) => value || null)

/**
 * A wall-clock time to the minute (`2026-12-01T09:00`) as typed in the owner's zone, or null. The
 * zone is the server's setting, so the instant is found by the model; here only the calendar.
 */
const wallClockTime = optionalText(LOCAL_TIME, MESSAGES.couponDate).transform((value, context) => {
	if (!value) return null
	const minute = value.slice(0, 16)
	const time = new Date(`${minute}Z`)
	// Date rolls 31 February over into March: a time that does not read back is no time.
	if (Number.isNaN(time.getTime()) || time.toISOString().slice(0, 16) !== minute) {
		context.addIssue({ code: 'custom', message: MESSAGES.couponDate })
		return z.NEVER
	}
	return minute
})

export const adminCouponSchema = z
	.object({
		code: z
			.string({ required_error: MESSAGES.couponCode })
			.trim()
			.regex(COUPON_CODE, MESSAGES.couponCode),
		kind: z.enum(['percent', 'fixed'], { errorMap: () => ({ message: MESSAGES.couponKind }) }),
		amount: z
			.string({ required_error: MESSAGES.couponFixedAmount })
			.trim()
			.regex(/^\d{1,9}(\.\d{1,2})?$/, MESSAGES.couponFixedAmount),
		currency: optionalText(/^[A-Z]{3}$/, MESSAGES.couponCurrency),
		items: z
			.array(z.string().trim().max(64, MESSAGES.couponUnknownProduct))
			.max(100, MESSAGES.couponUnknownProduct)
			.default([]),
		maxUses: optionalText(/^[1-9]\d{0,6}$/, MESSAGES.couponMaxUses).refine(
			(value) => value === null || Number(value) <= 1_000_000,
			MESSAGES.couponMaxUses,
		),
		startsAt: wallClockTime,
		expiresAt: wallClockTime,
		onePerBuyer: z.preprocess((value) => value === 'on' || value === true, z.boolean()),
		// docs/decisions/158: ticked, a regional buyer pays the lower of their regional price and
		// this coupon on the full price; and a percentage's limit of discounted units per order.
		notWithRegional: z.preprocess((value) => value === 'on' || value === true, z.boolean()),
		maxDiscountedUnits: optionalText(/^[1-9]\d{0,3}$/, MESSAGES.couponMaxDiscounted).refine(
			(value) => value === null || Number(value) <= 1000,
			MESSAGES.couponMaxDiscounted,
		),
		partnerKey: optionalText(PARTNER_KEY, MESSAGES.couponPartnerKey),
	})
	.superRefine((coupon, context) => {
		const amount = Number(coupon.amount)
		if (coupon.kind === 'percent' && !(Number.isInteger(amount) && amount >= 1 && amount <= 100))
			context.addIssue({ code: 'custom', path: ['amount'], message: MESSAGES.couponPercent })
		if (coupon.kind === 'fixed' && !(amount > 0))
			context.addIssue({ code: 'custom', path: ['amount'], message: MESSAGES.couponFixedAmount })
		if (coupon.kind === 'fixed' && coupon.maxDiscountedUnits !== null)
			context.addIssue({
				code: 'custom',
				path: ['maxDiscountedUnits'],
				message: MESSAGES.couponMaxDiscountedPercentOnly,
			})
		if (coupon.kind === 'fixed' && !coupon.currency)
			context.addIssue({ code: 'custom', path: ['currency'], message: MESSAGES.couponCurrency })
		// Wall-clock times of one zone sort as text (the model checks the instants again).
		if (coupon.startsAt && coupon.expiresAt && coupon.expiresAt <= coupon.startsAt)
			context.addIssue({ code: 'custom', path: ['expiresAt'], message: MESSAGES.couponWindow })
	})

export type AdminCouponInput = z.output<typeof adminCouponSchema>

/** Disabling a coupon (it stops applying at once; its orders keep their discount) or enabling it. */
export const adminCouponStatusSchema = z.object({
	intent: z.enum(['disable', 'enable'], {
		errorMap: () => ({ message: MESSAGES.couponUnknownAction }),
	}),
})
