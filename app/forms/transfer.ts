/**
 * Paying a checkout by bank transfer against an invoice (docs/decisions/163): the invoice is a
 * company's, so its name, billing address and country are required; the VAT number is optional
 * and, given, must be well-formed for an EU country (decision 115: a business in another EU
 * country than the seller's is then invoiced under the reverse charge).
 */
import { z } from 'zod'
import { MESSAGES } from './messages'
import { billingSchema, checkVatNumber, emailField } from './schemas'

const required = <T extends z.ZodTypeAny>(field: T, message: string) =>
	field.refine((value: unknown) => typeof value === 'string' && value.length > 0, message)

export const transferCheckoutSchema = billingSchema
	.extend({
		email: emailField,
		company: required(billingSchema.shape.company, MESSAGES.transferCompany),
		address: required(billingSchema.shape.address, MESSAGES.transferAddress),
		country: required(billingSchema.shape.country, MESSAGES.transferCountry),
	})
	.superRefine(checkVatNumber)

/**
 * The owner records money received by bank transfer for an order (docs/decisions/168): the amount
 * in major units (a part is recorded, the rest stays due) and the day it reached the account.
 */
export const adminTransferReceivedSchema = z.object({
	amount: z
		.string({ required_error: MESSAGES.transferAmount })
		.trim()
		.regex(/^(?!0+(\.0+)?$)\d{1,7}(\.\d{1,2})?$/, MESSAGES.transferAmount),
	receivedOn: z
		.string({ required_error: MESSAGES.transferReceivedOn })
		.trim()
		.regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.transferReceivedOn)
		.refine((day) => {
			const at = Date.parse(`${day}T00:00:00Z`)
			return Number.isFinite(at) && at <= Date.now() + 86_400_000
		}, MESSAGES.transferReceivedOn),
})
