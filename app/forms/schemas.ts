/**
 * Every form's zod schema, in one place (docs/decisions/065). The actions parse with these
 * (`parseForm` in parse.server.ts) and the browser validates with the very same ones as the
 * visitor types (`useValidatedForm`, which loads them after hydration), so zod never weighs on
 * a page's first load. Messages come from messages.ts, limits from limits.ts.
 * The checkout request's schema is in checkout-request.ts beside this file.
 */
import { z } from 'zod'
import { isEuCountry, wellFormedVatNumber } from '~/domain/invoices/vat'
import {
	AVATAR_URL_MAX_LENGTH,
	EMAIL_MAX_LENGTH,
	FIRST_NAME_LENGTH,
	GITHUB_USERNAME_MAX_LENGTH,
	LAST_NAME_LENGTH,
	ORDER_HASH_ID_MAX_LENGTH,
	PASS_HOLDER_NAME_LENGTH,
	SURVEY_ANSWER_MAX_LENGTH,
	SURVEY_RATING,
	WORKSHOP_SESSION_ID_MAX_LENGTH,
} from './limits'
import { MESSAGES } from './messages'
import { nameLength, normalizeName } from './normalize'
import { hasControlCharacters, hasDirectionControls, textLimitFor, withinTextLimit } from './text'

/**
 * Refuses a value for which `refused` holds with `message`, and stops there (`fatal`): nothing
 * after it (normalising, counting graphemes) reads a value with a NUL or kilobytes of marks.
 */
const refuse =
	(refused: (value: string) => boolean, message: string) =>
	(value: string, context: z.RefinementCtx) => {
		if (refused(value)) context.addIssue({ code: 'custom', message, fatal: true })
	}

const controlFree = (value: string) => !hasControlCharacters(value)

/** An e-mail address a form must have (SPEC §5's rule and message). */
export const emailField = z
	.string({ required_error: MESSAGES.email })
	.trim()
	.max(EMAIL_MAX_LENGTH, MESSAGES.email)
	.email(MESSAGES.email)

/**
 * A name: SPEC §5's lengths count graphemes (an accented letter is one), and the text under them
 * is capped by code points and bytes (docs/decisions/103), answered with the "too long" message.
 */
const name = (
	length: { min: number; max: number },
	messages: { short: string; long: string; control: string; direction: string },
) =>
	z
		.string()
		.superRefine(refuse(hasControlCharacters, messages.control))
		.superRefine(refuse(hasDirectionControls, messages.direction))
		.superRefine(
			refuse((value) => !withinTextLimit(value.trim(), textLimitFor(length.max)), messages.long),
		)
		.transform(normalizeName)
		.pipe(
			z
				.string()
				.refine((value) => nameLength(value) >= length.min, messages.short)
				.refine((value) => nameLength(value) <= length.max, messages.long),
		)

// A URL parser would quietly encode a control character; the stored value would still hold it.
export const isWebUrl = (value: string) =>
	controlFree(value) && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)

/**
 * The visitor profile's rules (SPEC §5), one field each in the spec's order: the first failing
 * field gives the message returned. Every field is optional because an empty value is ignored
 * when data is applied (`applyProfileData` in app/models/leads/profile.ts).
 */
export const profileSchema = z.object({
	email: z.string().trim().max(EMAIL_MAX_LENGTH, MESSAGES.email).email(MESSAGES.email).optional(),
	firstName: name(FIRST_NAME_LENGTH, {
		short: MESSAGES.firstNameShort,
		long: MESSAGES.firstNameLong,
		control: MESSAGES.firstNameControl,
		direction: MESSAGES.firstNameDirection,
	}).optional(),
	lastName: name(LAST_NAME_LENGTH, {
		short: MESSAGES.lastNameShort,
		long: MESSAGES.lastNameLong,
		control: MESSAGES.lastNameControl,
		direction: MESSAGES.lastNameDirection,
	}).optional(),
	// Rendered as an image source, so only web addresses (never javascript: or data:). The
	// length is checked first: a huge value is refused for its size, without parsing it.
	avatar: z
		.string()
		.trim()
		.max(AVATAR_URL_MAX_LENGTH, MESSAGES.avatarTooLong)
		.refine(isWebUrl, MESSAGES.avatar)
		.optional(),
	orderHashId: z
		.string()
		.trim()
		.max(ORDER_HASH_ID_MAX_LENGTH, MESSAGES.profileValueTooLong)
		.refine(controlFree, MESSAGES.profileValueControl)
		.optional(),
	github_username: z
		.string()
		.trim()
		.max(GITHUB_USERNAME_MAX_LENGTH, MESSAGES.profileValueTooLong)
		.refine(controlFree, MESSAGES.profileValueControl)
		.optional(),
})

/**
 * The first name a message may greet someone by: only one that passes the name rules, as it
 * would be stored; anything else (a name kept from before a rule, or passed in by hand) greets
 * no one by name (docs/decisions/103).
 */
export function greetingName(value: string | null | undefined): string | null {
	if (!value) return null
	const parsed = profileSchema.shape.firstName.safeParse(value)
	return parsed.success && parsed.data === value ? value : null
}

/** Workshop and day event: an e-mail address and, optionally, a first name. */
export const signupSchema = z.object({
	email: emailField,
	firstName: profileSchema.shape.firstName,
})

/**
 * The workshop: the sign-up and the session chosen, a workshop event's id (docs/decisions/110).
 * None sent (a page from before sessions) is the nearest one with a place; whether the session
 * exists, has not begun and has a place is the server's check.
 */
export const workshopSignupSchema = signupSchema.extend({
	session: z
		.string()
		.trim()
		.max(WORKSHOP_SESSION_ID_MAX_LENGTH, MESSAGES.workshopSessionUnknown)
		.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, MESSAGES.workshopSessionUnknown)
		.optional(),
})

/** Course interest on `/`: the e-mail address is enough. */
export const interestSchema = z.object({ email: emailField })

/** /onboarding: the profile with SPEC §5's rules and messages; empty fields are ignored. */
export const onboardingSchema = profileSchema.pick({
	firstName: true,
	lastName: true,
	email: true,
	avatar: true,
})

// A textarea: its lines and tabs are the visitor's, other control characters are refused.
const answer = z
	.string()
	.trim()
	.max(SURVEY_ANSWER_MAX_LENGTH, MESSAGES.surveyAnswerLong)
	.refine(
		(value) => !hasControlCharacters(value, { multiline: true }),
		MESSAGES.surveyAnswerControl,
	)
	.optional()

/** /post-insiders-survey. */
export const surveySchema = z.object({
	email: emailField,
	rating: z.coerce
		.number({ required_error: MESSAGES.surveyRating, invalid_type_error: MESSAGES.surveyRating })
		.int(MESSAGES.surveyRating)
		.min(SURVEY_RATING.min, MESSAGES.surveyRating)
		.max(SURVEY_RATING.max, MESSAGES.surveyRating),
	helped: answer,
	improve: answer,
	mayQuote: z.preprocess((value) => value === 'on' || value === 'true', z.boolean()).default(false),
})

/** /pass/:id: the attendee's name and address. */
export const passClaimSchema = z.object({
	name: z
		.string({ required_error: MESSAGES.passNameShort })
		.trim()
		.min(PASS_HOLDER_NAME_LENGTH.min, MESSAGES.passNameShort)
		.max(PASS_HOLDER_NAME_LENGTH.max, MESSAGES.passNameLong)
		.refine(controlFree, MESSAGES.passNameControl)
		.refine((value) => !hasDirectionControls(value), MESSAGES.passNameDirection),
	email: emailField,
})

/** /upgrade: the address holding a day pass, which gets its upgrade credit's link (decision 165). */
export const upgradeCreditSchema = z.object({ email: emailField })

/** The sandbox's card form (docs/decisions/030): what a card processor's page would ask. */
export const sandboxCardSchema = z.object({
	intent: z.literal('pay'),
	email: emailField,
	cardNumber: z
		.string({ required_error: MESSAGES.cardNumberMissing })
		.trim()
		.regex(/^[\d\s-]{12,23}$/, MESSAGES.cardNumberIncorrect),
	expiry: z
		.string({ required_error: MESSAGES.cardExpiry })
		.trim()
		.regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, MESSAGES.cardExpiry)
		.refine((value) => {
			const [month, year] = value.split('/').map((part) => Number(part.trim()))
			// The card is valid to the end of its expiry month.
			return new Date(Date.UTC(2000 + year!, month!, 1)).getTime() > Date.now()
		}, MESSAGES.cardExpired),
	cvc: z
		.string({ required_error: MESSAGES.cardCvc })
		.trim()
		.regex(/^\d{3,4}$/, MESSAGES.cardCvc),
	// One e-mail to start again should the checkout end unpaid (docs/decisions/122).
	remindMe: z.preprocess((value) => value === 'on' || value === 'true', z.boolean()).default(false),
})

/** An optional billing detail: trimmed, empty is absent, no control characters but newlines. */
const billingText = (max: number, long: string) =>
	z
		.string()
		.trim()
		.max(max, long)
		.refine((value) => !hasControlCharacters(value.replace(/\r?\n/g, ' ')), MESSAGES.billingControl)
		.refine((value) => !hasDirectionControls(value), MESSAGES.billingDirection)
		.optional()

/** A country code the runtime knows by name (ISO 3166-1 alpha-2), upper-cased. */
const knownCountry = (code: string) => {
	try {
		return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) !== code
	} catch {
		return false
	}
}

/**
 * The sandbox page's billing details for the invoice (docs/decisions/115), all optional: a
 * company, an address, a country and a VAT number, which must be well-formed for an EU country.
 */
export const billingSchema = z.object({
	// The name the invoice is made out to (docs/decisions/152): optional, as a buyer may want an
	// invoice in the company's name only; without it the invoice names the address, once.
	name: billingText(120, MESSAGES.buyerNameLong),
	company: billingText(120, MESSAGES.billingCompanyLong),
	address: billingText(300, MESSAGES.billingAddressLong),
	country: z
		.string()
		.trim()
		.toUpperCase()
		.refine((value) => /^[A-Z]{2}$/.test(value) && knownCountry(value), MESSAGES.billingCountry)
		.optional(),
	vatNumber: billingText(20, MESSAGES.billingVatNumber),
})

/** /checkout/sandbox/:id: pay with the card, or cancel and release the seats. */
export const sandboxCheckoutSchema = z
	.discriminatedUnion('intent', [
		sandboxCardSchema.merge(billingSchema),
		z.object({ intent: z.literal('cancel') }),
	])
	.superRefine((value, context) => {
		if (value.intent === 'pay') checkVatNumber(value, context)
	})

/** A VAT number needs its country, and must be in the format of an EU country's (decision 115). */
export function checkVatNumber(
	value: { country?: string; vatNumber?: string },
	context: z.RefinementCtx,
): void {
	if (!value.vatNumber) return
	if (!value.country)
		context.addIssue({ code: 'custom', path: ['country'], message: MESSAGES.billingCountryForVat })
	else if (isEuCountry(value.country) && !wellFormedVatNumber(value.country, value.vatNumber))
		context.addIssue({ code: 'custom', path: ['vatNumber'], message: MESSAGES.billingVatNumber })
}

/**
 * The owner's actions on an order (docs/decisions/082), posted from its confirmation step:
 * refund, send the receipt again, give an unclaimed pass a new link for `email`, or correct a
 * claimed pass's holder address.
 */
export const adminOrderActionSchema = z.discriminatedUnion(
	'intent',
	[
		z.object({ intent: z.literal('refund') }),
		// Part of the order (docs/decisions/123): one seat or pass, or an amount under the key
		// the form was shown with, so a double submit refunds once.
		z.object({
			intent: z.literal('refund-pass'),
			passId: z
				.string({ required_error: MESSAGES.adminRefundPassMissing })
				.trim()
				.min(1, MESSAGES.adminRefundPassMissing)
				.max(64, MESSAGES.adminRefundPassMissing),
		}),
		z.object({
			intent: z.literal('refund-amount'),
			amount: z
				.string({ required_error: MESSAGES.adminRefundAmount })
				.trim()
				// A positive amount in major units, at most two decimals: never zero.
				.regex(/^(?!0+(\.0+)?$)\d{1,7}(\.\d{1,2})?$/, MESSAGES.adminRefundAmount),
			key: z
				.string({ required_error: MESSAGES.adminRefundFormExpired })
				.trim()
				.min(1, MESSAGES.adminRefundFormExpired)
				.max(64, MESSAGES.adminRefundFormExpired),
		}),
		z.object({ intent: z.literal('resend-receipt') }),
		z.object({
			intent: z.literal('reassign-pass'),
			passId: z
				.string({ required_error: MESSAGES.adminPassMissing })
				.trim()
				.max(64, MESSAGES.adminPassMissing),
			email: emailField,
		}),
		// A claimed holder's address, corrected (docs/decisions/157).
		z.object({
			intent: z.literal('change-holder'),
			passId: z
				.string({ required_error: MESSAGES.adminPassMissing })
				.trim()
				.min(1, MESSAGES.adminPassMissing)
				.max(64, MESSAGES.adminPassMissing),
			email: emailField,
		}),
	],
	{ errorMap: () => ({ message: MESSAGES.adminUnknownAction }) },
)

/** The dashboard's E-mail page: send a message that was not delivered again. */
export const adminEmailRetrySchema = z.object({
	intent: z.literal('retry', { errorMap: () => ({ message: MESSAGES.adminUnknownAction }) }),
})

/** The owner erases a lead's personal data (docs/decisions/109), from the leads list's confirmation. */
export const adminLeadEraseSchema = z.object({
	intent: z.literal('erase', { errorMap: () => ({ message: MESSAGES.adminLeadMissing }) }),
	leadId: z.coerce
		.number({ invalid_type_error: MESSAGES.adminLeadMissing })
		.int(MESSAGES.adminLeadMissing)
		.positive(MESSAGES.adminLeadMissing)
		.max(Number.MAX_SAFE_INTEGER, MESSAGES.adminLeadMissing),
})

/** The e-mail preferences page (docs/decisions/109): everything off, or on again. */
export const emailPreferencesSchema = z.object({
	intent: z.enum(['unsubscribe', 'resubscribe', 'stop-reminders', 'resume-reminders'], {
		errorMap: () => ({ message: MESSAGES.emailPreferencesChoice }),
	}),
	// The event whose reminders stop or resume (docs/decisions/149); checked against the list.
	event: z.string().max(100).optional(),
})
