/**
 * The checkout request (SPEC §3: code, quantity, type, region), one schema for the JSON body,
 * the no-JavaScript form and the buy forms' client-side validation.
 */
import { z } from 'zod'

export const DEFAULT_MAX_QUANTITY = 20

/** A form sends "3", JSON sends 3; "3.5", "" or 3.5 are not quantities. */
const quantity = (max: number) =>
	z.preprocess(
		(value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
		z
			.number({
				required_error: 'missing quantity',
				invalid_type_error: `quantity must be a whole number from 1 to ${max}`,
			})
			.int(`quantity must be a whole number from 1 to ${max}`)
			.min(1, `quantity must be a whole number from 1 to ${max}`)
			.max(max, `quantity must be a whole number from 1 to ${max}`),
	)

export function checkoutRequestSchema(maxQuantity = DEFAULT_MAX_QUANTITY) {
	return z.object({
		code: z
			.string({
				required_error: 'missing product code',
				invalid_type_error: 'missing product code',
			})
			.trim()
			.min(1, 'missing product code')
			.max(64, 'unknown product code')
			.regex(/^[a-z0-9][a-z0-9-]*$/, 'unknown product code'),
		quantity: quantity(maxQuantity),
		type: z
			.string({ invalid_type_error: 'type must be a string' })
			.trim()
			.max(32, 'unknown type')
			.optional()
			.transform((value) => value || undefined),
		region: z
			.string({ invalid_type_error: 'region must be a string' })
			.trim()
			.max(32, 'unknown region')
			.optional()
			.transform((value) => (value ? value.toUpperCase() : 'GLOBAL')),
	})
}

export type CheckoutRequest = z.infer<ReturnType<typeof checkoutRequestSchema>>

/** The buy form: the request plus an optional coupon code (sent as X-Coupon with JavaScript). */
export function checkoutFormSchema(maxQuantity = DEFAULT_MAX_QUANTITY) {
	return checkoutRequestSchema(maxQuantity).extend({
		coupon: z.string().trim().max(64, 'Coupon codes are at most 64 characters').optional(),
	})
}

/** The first problem, as the reason in `Checkout failed: {reason}`. */
export function firstIssue(error: z.ZodError): string {
	return error.issues[0]?.message ?? 'Failed to process checkout'
}
