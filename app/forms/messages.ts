/**
 * Every message a visitor reads about their input, in one table (docs/decisions/065): SPEC §5's
 * validation messages, SPEC §8's checkout error texts, and the messages of the forms whose rules
 * the spec leaves open. Schemas, models and routes import these; none writes its own copy.
 * Plain strings, no zod: the browser's first load may import them.
 */
import { LOCALES, type Locale } from '~/domain/locale'
import { countOf, PERSON } from '~/domain/words'
import {
	AVATAR_URL_MAX_LENGTH,
	CODE_MAX_LENGTH,
	FIRST_NAME_LENGTH,
	LAST_NAME_LENGTH,
	PASS_HOLDER_NAME_LENGTH,
	SURVEY_ANSWER_MAX_LENGTH,
	SURVEY_RATING,
} from './limits'

export const MESSAGES = {
	// SPEC §5: the profile, and every e-mail field of every form.
	email: 'Please enter a valid email address',
	firstNameShort: `First name must be at least ${FIRST_NAME_LENGTH.min} characters`,
	firstNameLong: `First name must be less than ${FIRST_NAME_LENGTH.max} characters`,
	lastNameShort: `Last name must be at least ${LAST_NAME_LENGTH.min} characters`,
	lastNameLong: `Last name must be less than ${LAST_NAME_LENGTH.max} characters`,
	avatar: 'Please enter a valid URL for the avatar',
	// Beyond SPEC §5: the profile must fit the session cookie (limits.ts).
	avatarTooLong: `The avatar URL must be at most ${AVATAR_URL_MAX_LENGTH} characters`,
	profileValueTooLong: 'This value is too long',
	// Beyond SPEC §5: control characters (a NUL, a bell) in any text field (docs/decisions/103).
	firstNameControl: 'First name must not contain control characters',
	lastNameControl: 'Last name must not contain control characters',
	profileValueControl: 'This value must not contain control characters',
	// Characters that reverse or embed the text's direction, in names (docs/decisions/132).
	firstNameDirection: 'First name must not contain characters that change the direction of text',
	lastNameDirection: 'Last name must not contain characters that change the direction of text',

	// The insiders survey.
	surveyRating: `Please choose a rating from ${SURVEY_RATING.min} to ${SURVEY_RATING.max}`,
	surveyAnswerLong: `Please keep this under ${SURVEY_ANSWER_MAX_LENGTH} characters`,
	surveyAnswerControl: 'Please remove the control characters from this answer',

	// The workshop's session (docs/decisions/110).
	workshopSessionUnknown: 'Please choose one of the sessions listed',
	workshopSessionBegun: 'This session has already begun: please choose a later one',
	workshopSessionFull: 'This session is full: please choose another one',
	workshopSessionNone: 'Every upcoming session is full: new dates are announced on this page',
	// A page's form is good for one submission (docs/decisions/137); the page shown with this
	// message carries a fresh one, so sending again works.
	formAlreadySent:
		'This form was already sent with another address. Check the address and send it again.',

	// Claiming a pass.
	passNameShort: `Name must be at least ${PASS_HOLDER_NAME_LENGTH.min} characters`,
	passNameLong: `Name must be less than ${PASS_HOLDER_NAME_LENGTH.max} characters`,
	passNameControl: 'Name must not contain control characters',
	passNameDirection: 'Name must not contain characters that change the direction of text',
	passAlreadyClaimed: 'This pass has already been claimed.',
	seatAlreadyClaimed: 'This seat has already been claimed.',

	// The sandbox's hosted checkout page (docs/decisions/030).
	cardNumberMissing: 'Enter your card number',
	cardNumberIncorrect: 'Your card number is incorrect.',
	cardExpiry: 'Enter the expiry date as MM / YY',
	cardExpired: 'Your card has expired.',
	cardCvc: 'Enter the 3 or 4 digit CVC',
	cardDeclined: 'Your card was declined. Try another card.',
	cardDeclinedInTestMode: 'Your card was declined: in test mode, use 4242 4242 4242 4242 to pay.',
	checkoutExpired: 'This checkout has expired: start again from the course page.',
	// A waiting-list offer is paid under the address it was offered to (docs/decisions/152).
	offeredAddress: (email: string) => `This offer was made to ${email}: pay with that address`,
	buyerNameLong: 'Your name must be at most 120 characters',
	// Billing details for the invoice (docs/decisions/115), all optional.
	billingCompanyLong: 'Company name must be at most 120 characters',
	billingAddressLong: 'Billing address must be at most 300 characters',
	billingControl: 'Billing details must not contain control characters',
	billingDirection: 'Billing details must not contain characters that change the direction of text',
	billingCountry: 'Enter your country as two letters, such as DE or FR',
	billingCountryForVat: 'Enter your country to give a VAT number',
	billingVatNumber: 'Enter a VAT number in your country’s format, such as DE123456789',
	// Paying by bank transfer against an invoice (docs/decisions/163): a company's details.
	transferCompany: 'Enter the company name the invoice is made out to',
	transferAddress: 'Enter the billing address for the invoice',
	transferCountry: 'Enter the country of the billing address, such as DE or FR',
	transferAmount: 'Enter the amount received, like 1245 or 1245.50',
	transferReceivedOn: 'Enter the day the money arrived, not in the future',
	statementFile: 'Choose a bank statement file: CAMT.053 (.xml) or CSV',
	statementTooLarge: 'The file is larger than 1 MB: export a shorter period',
	statementEntry: 'This entry is not on the list any more',
	statementOrder: 'Enter the order id or the payment reference (RF…)',
	transferOff: 'Paying by bank transfer is not offered at the moment: please pay by card.',
	transferOffer: 'A waiting-list offer is held for a day: please pay it by card.',
	transferNotPending:
		'This checkout has ended or was paid: start again from the course page, or see where it stands.',
	transferTooManySeats: (seats: number) =>
		`At most ${seats} seats can wait for bank transfers from one buyer: pay the open transfers first, or pay by card.`,

	// The checkout request (SPEC §7): reasons in `Checkout failed: {reason}`.
	missingProductCode: 'missing product code',
	unknownProductCode: 'unknown product code',
	missingQuantity: 'missing quantity',
	quantity: (max: number) => `quantity must be a whole number from 1 to ${max}`,
	typeNotString: 'type must be a string',
	unknownType: 'unknown type',
	regionNotString: 'region must be a string',
	unknownRegion: 'unknown region',
	unknownLocale: `unknown locale; use one of ${LOCALES.join(', ')}`,
	couponTooLong: `Coupon codes are at most ${CODE_MAX_LENGTH} characters`,

	// The owner's dashboard: order actions (docs/decisions/082).
	adminUnknownAction: 'Choose refund, partial refund, resend receipt or reassign pass',
	adminEmailNotFailed:
		'Only a message whose delivery failed can be retried: this one was delivered or is still being retried',
	adminPassMissing: 'Choose the pass to reassign',
	// Partial refunds (docs/decisions/123).
	adminRefundPassMissing: 'Choose the seat or pass to refund',
	adminRefundAmount: 'Enter the amount to refund, like 25 or 25.50',
	adminRefundFormExpired: 'This form expired: open the refund again',
	// Erasing a lead (docs/decisions/109).
	adminLeadMissing: 'Choose the lead to erase',
	adminLeadGone: 'There is no such lead, or it is erased already',

	// The owner's messages and the course's opening (docs/decisions/119).
	adminMessageSubject: 'Write a subject, at most 200 characters on one line',
	adminMessageBody: 'Write the message, at most 20,000 characters',
	adminMessageAudience: 'Choose who gets the message',
	adminMessageLinks:
		'Links in a message must be full web or mail addresses, starting with https://, http:// or mailto:',
	adminMessageTestTo: 'Enter the address the test goes to',
	adminMessageIntent: 'Choose preview, send a test or send',
	adminMessagePreviewFirst: 'Preview the message first: it shows how many people get it',
	adminMessageNobody: 'Nobody is in this audience yet: there is no one to send it to',
	adminMessageAllUnsubscribed:
		'Everyone in this audience unsubscribed from our e-mails: there is no one to send it to',
	adminMessageAudienceChanged: (count: number) =>
		`The audience has changed: it is now ${countOf(count, PERSON)}. Check the preview and send again`,
	adminCourseOpenIntent: 'Confirm opening the course',
	// The waiting list (docs/decisions/120).
	waitlistQuantity: (max: number) => `Choose a whole number of seats from 1 to ${max}`,
	waitlistEntryMissing: 'Choose the person on the waiting list',
	waitlistUnknownAction: 'Choose offer or remove',
	// A follow-up: a workshop session's recording and code, the day's recordings (157, 159).
	followUpLink: 'Enter the link as a web address starting with https:// or http://',
	followUpSession: 'Choose a workshop session or the day event of the site',
	certificateEvent: 'Choose a workshop session or the day event of the site',
	certificateNotRegistered: 'This address is not signed up for this event',
	certificateIssued: 'This address has a certificate for this event already',
	certificateUnknown: 'This certificate is not here or was withdrawn already',
	followUpCancelled: 'This event was cancelled: it has no recording to send',
	followUpSent: 'The follow-up has gone out with the link already set: it cannot change now',
	// Correcting a claimed holder's address (docs/decisions/157).
	holderEmailSame: 'That is already the holder’s address: enter the new one',
	holderNotClaimed:
		'This seat or pass is not claimed yet: send its link to the new address instead',

	// The e-mail preferences page (docs/decisions/109).
	emailPreferencesChoice: 'Choose one: news on or off, or an event’s reminders on or off',
	emailPreferencesEvent: 'Choose one of the events listed on this page.',

	// The owner's dashboard: coupons (docs/decisions/112).
	couponCode: 'Use 1 to 64 letters, digits, - or _, starting with a letter or digit',
	couponCodeTaken: 'A coupon with this code exists already (codes ignore case)',
	couponKind: 'Choose a percentage or a fixed amount',
	couponPercent: 'A percentage is a whole number from 1 to 100',
	couponFixedAmount: 'An amount greater than 0, with at most 2 decimals (e.g. 25 or 9.50)',
	couponCurrency: 'Choose the currency of the amount',
	couponMaxUses: 'Leave empty for no limit, or a whole number from 1 to 1000000',
	couponMaxDiscounted: 'Leave empty to discount every one, or a whole number from 1 to 1000',
	couponMaxDiscountedPercentOnly:
		'Only a percentage is limited per seat: a fixed amount comes off the whole order',
	couponDate: 'A date and time, e.g. 2026-12-01T09:00',
	couponTimeSkipped: 'Your zone skips this time (the clocks go forward): choose another',
	couponWindow: 'The end must come after the start',
	couponPartnerKey: 'Up to 64 letters, digits, or . _ : -',
	couponUnknownProduct: 'Choose products from the list',
	couponUnknownAction: 'Choose disable or enable',

	// The colour-mode toggle (SPEC §4).
	colorMode: 'Choose dark, light or system',

	// A signed sign-up link refused (TOKEN_MESSAGES below).
	signupLinkInvalid:
		'This sign-up link is not valid. Please check you copied all of it, or sign up below.',
	signupLinkExpired: 'This sign-up link has expired. Please sign up below instead.',
} as const

/**
 * The messages in German (decision 173), the sign-up forms' first: a message not here yet is
 * shown in English. Schemas and models keep answering with the English text, the one key a
 * reply carries with or without JavaScript; the fields translate it as they show it.
 */
const GERMAN: Partial<Record<keyof typeof MESSAGES, string>> = {
	email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
	firstNameShort: `Der Vorname muss mindestens ${FIRST_NAME_LENGTH.min} Zeichen lang sein`,
	firstNameLong: `Der Vorname muss kürzer als ${FIRST_NAME_LENGTH.max} Zeichen sein`,
	firstNameControl: 'Der Vorname darf keine Steuerzeichen enthalten',
	firstNameDirection: 'Der Vorname darf keine Zeichen enthalten, die die Schreibrichtung ändern',
	// The profile, the survey and the e-mail preferences (decision 178).
	lastNameShort: `Der Nachname muss mindestens ${LAST_NAME_LENGTH.min} Zeichen lang sein`,
	lastNameLong: `Der Nachname muss kürzer als ${LAST_NAME_LENGTH.max} Zeichen sein`,
	lastNameControl: 'Der Nachname darf keine Steuerzeichen enthalten',
	lastNameDirection: 'Der Nachname darf keine Zeichen enthalten, die die Schreibrichtung ändern',
	avatar: 'Bitte geben Sie eine gültige URL für das Profilbild ein',
	avatarTooLong: `Die URL des Profilbilds darf höchstens ${AVATAR_URL_MAX_LENGTH} Zeichen lang sein`,
	profileValueTooLong: 'Dieser Wert ist zu lang',
	profileValueControl: 'Dieser Wert darf keine Steuerzeichen enthalten',
	surveyRating: `Bitte wählen Sie eine Bewertung von ${SURVEY_RATING.min} bis ${SURVEY_RATING.max}`,
	surveyAnswerLong: `Bitte bleiben Sie unter ${SURVEY_ANSWER_MAX_LENGTH} Zeichen`,
	surveyAnswerControl: 'Bitte entfernen Sie die Steuerzeichen aus dieser Antwort',
	emailPreferencesChoice:
		'Wählen Sie eines: Neuigkeiten an oder aus, oder die Erinnerungen an eine Veranstaltung an oder aus',
	emailPreferencesEvent: 'Wählen Sie eine der Veranstaltungen auf dieser Seite.',
	signupLinkInvalid:
		'Dieser Anmeldelink ist ungültig. Prüfen Sie, ob Sie ihn ganz kopiert haben, oder melden Sie sich unten an.',
	signupLinkExpired:
		'Dieser Anmeldelink ist abgelaufen. Bitte melden Sie sich stattdessen unten an.',
	workshopSessionUnknown: 'Bitte wählen Sie einen der aufgeführten Termine',
	workshopSessionBegun: 'Dieser Termin hat schon begonnen: Bitte wählen Sie einen späteren',
	workshopSessionFull: 'Dieser Termin ist ausgebucht: Bitte wählen Sie einen anderen',
	workshopSessionNone:
		'Alle kommenden Termine sind ausgebucht: Neue Termine werden auf dieser Seite angekündigt',
	formAlreadySent:
		'Dieses Formular wurde schon mit einer anderen Adresse gesendet. Prüfen Sie die Adresse und senden Sie es erneut.',
	// Claiming a pass on its German page (decision 177).
	passNameShort: `Der Name muss mindestens ${PASS_HOLDER_NAME_LENGTH.min} Zeichen lang sein`,
	passNameLong: `Der Name muss kürzer als ${PASS_HOLDER_NAME_LENGTH.max} Zeichen sein`,
	passNameControl: 'Der Name darf keine Steuerzeichen enthalten',
	passNameDirection: 'Der Name darf keine Zeichen enthalten, die die Schreibrichtung ändern',
	passAlreadyClaimed: 'Dieser Pass wurde schon eingelöst.',
	seatAlreadyClaimed: 'Dieser Platz wurde schon eingelöst.',
	// The sandbox's payment page and the gift page (decision 176).
	cardNumberMissing: 'Geben Sie Ihre Kartennummer ein',
	cardNumberIncorrect: 'Ihre Kartennummer ist nicht korrekt.',
	cardExpiry: 'Geben Sie das Ablaufdatum als MM / JJ ein',
	cardExpired: 'Ihre Karte ist abgelaufen.',
	cardCvc: 'Geben Sie die 3- oder 4-stellige Prüfnummer (CVC) ein',
	cardDeclined: 'Ihre Karte wurde abgelehnt. Versuchen Sie eine andere Karte.',
	cardDeclinedInTestMode:
		'Ihre Karte wurde abgelehnt: Im Testmodus zahlen Sie mit 4242 4242 4242 4242.',
	checkoutExpired: 'Diese Bestellung ist abgelaufen: Beginnen Sie erneut auf der Kursseite.',
	buyerNameLong: 'Ihr Name darf höchstens 120 Zeichen lang sein',
	billingCompanyLong: 'Der Firmenname darf höchstens 120 Zeichen lang sein',
	billingAddressLong: 'Die Rechnungsadresse darf höchstens 300 Zeichen lang sein',
	billingControl: 'Die Rechnungsangaben dürfen keine Steuerzeichen enthalten',
	billingDirection:
		'Die Rechnungsangaben dürfen keine Zeichen enthalten, die die Schreibrichtung ändern',
	billingCountry: 'Geben Sie Ihr Land mit zwei Buchstaben an, etwa DE oder FR',
	billingCountryForVat: 'Geben Sie Ihr Land an, um eine USt-IdNr. anzugeben',
	billingVatNumber: 'Geben Sie eine USt-IdNr. im Format Ihres Landes ein, etwa DE123456789',
	transferCompany: 'Geben Sie den Firmennamen ein, auf den die Rechnung ausgestellt wird',
	transferAddress: 'Geben Sie die Rechnungsadresse für die Rechnung ein',
	transferCountry: 'Geben Sie das Land der Rechnungsadresse an, etwa DE oder FR',
	transferOff:
		'Die Zahlung per Überweisung wird zurzeit nicht angeboten: Bitte zahlen Sie mit Karte.',
	transferOffer: 'Ein Angebot der Warteliste gilt einen Tag: Bitte zahlen Sie es mit Karte.',
	transferNotPending:
		'Diese Bestellung ist beendet oder bezahlt: Beginnen Sie erneut auf der Kursseite, oder sehen Sie nach, wo sie steht.',
}

const keyOfText = new Map<string, keyof typeof MESSAGES>(
	Object.entries(MESSAGES).flatMap(([key, text]) =>
		typeof text === 'string' ? [[text, key as keyof typeof MESSAGES]] : [],
	),
)

/** A message as a reader of `locale` reads it: its German where there is one, else as it is. */
export function messageIn(text: string, locale: Locale): string {
	if (locale !== 'de-DE') return text
	const key = keyOfText.get(text)
	return (key && GERMAN[key]) ?? text
}

/** SPEC §8: checkout failure, and the reason when there is no better one. */
export const DEFAULT_CHECKOUT_REASON = 'Failed to process checkout'
/** The database saturated or down (docs/decisions/104): a 503 with Retry-After. */
export const CHECKOUT_BUSY_REASON = 'the site is busy, please try again in a few seconds'
/** The payment provider's rate limit, past what a request may wait (decision 134): a 503. */
export const CHECKOUT_PROVIDER_BUSY_REASON =
	'the payment provider is busy, please try again in a few seconds'
/** The same, when the provider said how long to wait: a page says it in seconds. */
export const checkoutProviderBusyFor = (seconds: number) =>
	`the payment provider is busy, please try again in ${countOf(seconds, { one: 'second', other: 'seconds' })}`
export const checkoutFailed = (reason: string = DEFAULT_CHECKOUT_REASON) =>
	`Checkout failed: ${reason}`

/** SPEC §8: payment verification failure, and its default reason. */
export const DEFAULT_VERIFY_REASON = 'Failed to verify payment'
export const paymentVerificationFailed = (reason: string = DEFAULT_VERIFY_REASON) =>
	`Payment verification failed: ${reason}`

/** Why a signed sign-up link was refused (models/links/signed-token.server.ts, docs/decisions/062). */
export const TOKEN_MESSAGES = {
	invalid: MESSAGES.signupLinkInvalid,
	expired: MESSAGES.signupLinkExpired,
} as const
