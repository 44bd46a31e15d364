/**
 * Paying a checkout by bank transfer against an invoice (docs/decisions/163): the invoice is a
 * company's, so its name, billing address and country are required; the VAT number is optional
 * and, given, must be well-formed for an EU country (decision 115: a business in another EU
 * country than the seller's is then invoiced under the reverse charge).
 */
import type { z } from 'zod'
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
