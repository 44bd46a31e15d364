/**
 * The waiting list's forms (docs/decisions/120): joining a sold-out product's list (its code,
 * how many seats, the region of the price shown, an e-mail address), and the owner's actions.
 */
import { z } from 'zod'
import { checkoutRequestFields } from './checkout-request'
import { DEFAULT_MAX_QUANTITY } from './limits'
import { MESSAGES } from './messages'
import { emailField } from './schemas'

/** "3" from a form, 3 from JSON; anything else is not a number of seats. */
const seats = (max: number) =>
	z.preprocess(
		(value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
		z
			.number({
				required_error: MESSAGES.waitlistQuantity(max),
				invalid_type_error: MESSAGES.waitlistQuantity(max),
			})
			.int(MESSAGES.waitlistQuantity(max))
			.min(1, MESSAGES.waitlistQuantity(max))
			.max(max, MESSAGES.waitlistQuantity(max)),
	)

export function waitlistJoinSchema(maxQuantity = DEFAULT_MAX_QUANTITY) {
	return checkoutRequestFields(maxQuantity)
		.pick({ code: true, region: true })
		.extend({ quantity: seats(maxQuantity), email: emailField })
}

/** The owner offers the seats to one person now, or removes them from the list. */
export const adminWaitlistActionSchema = z.object({
	intent: z.enum(['offer', 'remove'], {
		errorMap: () => ({ message: MESSAGES.waitlistUnknownAction }),
	}),
	entryId: z.coerce
		.number({ invalid_type_error: MESSAGES.waitlistEntryMissing })
		.int(MESSAGES.waitlistEntryMissing)
		.positive(MESSAGES.waitlistEntryMissing)
		.max(Number.MAX_SAFE_INTEGER, MESSAGES.waitlistEntryMissing),
})
