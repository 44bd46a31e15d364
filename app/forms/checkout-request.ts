/**
 * The checkout request (SPEC §3: code, quantity, type, region), one schema for the JSON body,
 * the no-JavaScript form and the buy forms' validation as you type (docs/decisions/065).
 */
import { z } from 'zod'
import { DEFAULT_LOCALE, LOCALES } from '~/domain/locale'
import { GLOBAL_REGION } from '~/domain/pricing'
import { GIFT_MESSAGES, giftFields, refineGift } from './gift'
import { CODE_MAX_LENGTH, DEFAULT_MAX_QUANTITY, NAME_MAX_LENGTH } from './limits'
import { DEFAULT_CHECKOUT_REASON, MESSAGES } from './messages'

/** A form sends "3", JSON sends 3; "3.5", "" or 3.5 are not quantities. */
const quantity = (max: number) =>
	z.preprocess(
		(value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
		z
			.number({
				required_error: MESSAGES.missingQuantity,
				invalid_type_error: MESSAGES.quantity(max),
			})
			.int(MESSAGES.quantity(max))
			.min(1, MESSAGES.quantity(max))
			.max(max, MESSAGES.quantity(max)),
	)

export function checkoutRequestFields(maxQuantity: number) {
	return z.object({
		code: z
			.string({
				required_error: MESSAGES.missingProductCode,
				invalid_type_error: MESSAGES.missingProductCode,
			})
			.trim()
			.min(1, MESSAGES.missingProductCode)
			.max(CODE_MAX_LENGTH, MESSAGES.unknownProductCode)
			.regex(/^[a-z0-9][a-z0-9-]*$/, MESSAGES.unknownProductCode),
		quantity: quantity(maxQuantity),
		type: z
			.string({ invalid_type_error: MESSAGES.typeNotString })
			.trim()
			.max(NAME_MAX_LENGTH, MESSAGES.unknownType)
			.optional()
			.transform((value) => value || undefined),
		region: z
			.string({ invalid_type_error: MESSAGES.regionNotString })
			.trim()
			.max(NAME_MAX_LENGTH, MESSAGES.unknownRegion)
			.optional()
			.transform((value) => (value ? value.toUpperCase() : GLOBAL_REGION)),
		// The language of the page the order was started on, its buyer's e-mails' (decision 174):
		// a buy form on a /de page sends de-DE; anything but a locale of ours is refused.
		locale: z
			.enum(LOCALES, { errorMap: () => ({ message: MESSAGES.unknownLocale }) })
			.default(DEFAULT_LOCALE),
		// "This is a gift" (docs/decisions/166): checked, its fields must make one.
		...giftFields,
	})
}

/** A gift is one seat for one recipient, whose fields must all be right. */
function refineCheckoutGift(
	value: z.infer<ReturnType<typeof checkoutRequestFields>>,
	context: z.RefinementCtx,
): void {
	if (!value.gift) return
	if (value.quantity !== 1)
		context.addIssue({ code: 'custom', path: ['gift'], message: GIFT_MESSAGES.quantity })
	refineGift(value, context)
}

export function checkoutRequestSchema(maxQuantity = DEFAULT_MAX_QUANTITY) {
	return checkoutRequestFields(maxQuantity).superRefine(refineCheckoutGift)
}

/** The buy form: the request plus an optional coupon code (sent as X-Coupon with JavaScript). */
export function checkoutFormSchema(maxQuantity = DEFAULT_MAX_QUANTITY) {
	return checkoutRequestFields(maxQuantity)
		.extend({
			coupon: z.string().trim().max(CODE_MAX_LENGTH, MESSAGES.couponTooLong).optional(),
		})
		.superRefine(refineCheckoutGift)
}

/** The first problem, as the reason in `Checkout failed: {reason}` (SPEC §8). */
export function firstIssue(error: z.ZodError): string {
	return error.issues[0]?.message ?? DEFAULT_CHECKOUT_REASON
}
