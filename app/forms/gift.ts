/**
 * A gift's recipient, message and delivery day (docs/decisions/166): one set of rules for the buy
 * form ("This is a gift") and the buyer's change page, on the server and as the buyer types.
 */
import { z } from 'zod'
import { GIFT_MAX_DAYS_AHEAD, giftDayProblem } from '~/domain/gift'
import { EMAIL_MAX_LENGTH, PASS_HOLDER_NAME_LENGTH } from './limits'
import { hasControlCharacters, hasDirectionControls } from './text'

const GIFT_MESSAGE_MAX_LENGTH = 1000

export const GIFT_MESSAGES = {
	name: `Please enter the recipient's name (${PASS_HOLDER_NAME_LENGTH.min} to ${PASS_HOLDER_NAME_LENGTH.max} characters)`,
	email: `Please enter the recipient's e-mail address`,
	message: `The message must be at most ${GIFT_MESSAGE_MAX_LENGTH} characters of plain text`,
	day: `Please choose a delivery day from today to ${GIFT_MAX_DAYS_AHEAD} days ahead`,
	quantity: 'A gift is one seat: choose 1, or buy the others in a second order',
} as const

/** The gift's fields, each optional on its own: `giftProblems` says what a gift needs. */
export const giftFields = {
	gift: z
		.preprocess((value) => value === 'on' || value === true || value === 'true', z.boolean())
		.optional()
		.default(false),
	giftName: z.string().trim().default(''),
	giftEmail: z.string().trim().default(''),
	giftMessage: z.string().trim().default(''),
	giftDate: z.string().trim().default(''),
}

export type GiftInput = { name: string; email: string; message: string; day: string }

/** The field errors of a gift, by field name; none when it is one. */
function giftProblems(
	value: { giftName: string; giftEmail: string; giftMessage: string; giftDate: string },
	now = new Date(),
): [field: string, message: string][] {
	const problems: [string, string][] = []
	const name = value.giftName
	if (
		name.length < PASS_HOLDER_NAME_LENGTH.min ||
		name.length > PASS_HOLDER_NAME_LENGTH.max ||
		hasControlCharacters(name) ||
		hasDirectionControls(name)
	)
		problems.push(['giftName', GIFT_MESSAGES.name])
	if (
		value.giftEmail.length > EMAIL_MAX_LENGTH ||
		!z.string().email().safeParse(value.giftEmail).success
	)
		problems.push(['giftEmail', GIFT_MESSAGES.email])
	if (
		value.giftMessage.length > GIFT_MESSAGE_MAX_LENGTH ||
		hasControlCharacters(value.giftMessage, { multiline: true }) ||
		hasDirectionControls(value.giftMessage)
	)
		problems.push(['giftMessage', GIFT_MESSAGES.message])
	if (giftDayProblem(value.giftDate, now)) problems.push(['giftDate', GIFT_MESSAGES.day])
	return problems
}

/** Adds a gift's problems to a zod context, on their fields. */
export function refineGift(
	value: { giftName: string; giftEmail: string; giftMessage: string; giftDate: string },
	context: z.RefinementCtx,
): void {
	for (const [field, message] of giftProblems(value))
		context.addIssue({ code: 'custom', path: [field], message })
}

/** The change page's form: the same fields, a gift always. */
export const giftChangeSchema = z
	.object({
		giftName: giftFields.giftName,
		giftEmail: giftFields.giftEmail,
		giftMessage: giftFields.giftMessage,
		giftDate: giftFields.giftDate,
	})
	.superRefine(refineGift)

/** The parsed fields as the model takes them. */
export const giftInputOf = (value: {
	giftName: string
	giftEmail: string
	giftMessage: string
	giftDate: string
}): GiftInput => ({
	name: value.giftName,
	email: value.giftEmail.toLowerCase(),
	message: value.giftMessage,
	day: value.giftDate,
})
