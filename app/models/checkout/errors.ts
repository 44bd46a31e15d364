import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import {
	CHECKOUT_BUSY_REASON,
	CHECKOUT_PROVIDER_BUSY_REASON,
	checkoutProviderBusyFor,
} from '~/forms/messages'

/**
 * A checkout refused: the route answers `status` with `Checkout failed: {reason}` (SPEC §7).
 * A form sent without JavaScript lands on /checkout/processing with the refusal's `code` in
 * its URL instead, and that page shows the code's fixed message: anyone can write a URL, so no
 * text from one is ever shown (docs/decisions/105).
 */
export class CheckoutError extends Error {
	name = 'CheckoutError'
	constructor(
		readonly status: number,
		readonly reason: string,
		readonly code?: CheckoutFailureCode,
		/** On a 503: how long the buyer should wait before trying again. */
		readonly retryAfterSeconds?: number,
	) {
		super(reason)
	}
}

/**
 * The headers of a refused checkout, the same on every route that starts one: a 503 that knows
 * when the buyer may come back says so in `Retry-After` (docs/decisions/134).
 */
export function refusalHeaders(
	headers: Record<string, string>,
	retryAfterSeconds: number | undefined,
): Record<string, string> {
	return retryAfterSeconds === undefined
		? headers
		: { ...headers, 'Retry-After': String(retryAfterSeconds) }
}

/**
 * The reason a page shows a refused buyer: a busy provider's wait in seconds when it named one,
 * the same number as `Retry-After` (a JSON client reads the header; the reason stays fixed).
 */
export function refusalReason(error: CheckoutError): string {
	return error.code === 'provider-busy' && error.retryAfterSeconds !== undefined
		? checkoutProviderBusyFor(error.retryAfterSeconds)
		: error.reason
}

/** What a failed no-JavaScript checkout's page says, by code (`quantity` needs the limit). */
const FAILURE_MESSAGES = {
	product: 'that product is not on sale',
	region: 'that regional price is not available in your country; choose the global price',
	'sold-out': 'sold out',
	// The page knows the code, not the product: no unit it might get wrong (decision 158).
	'per-buyer': 'that is more than one buyer may hold right now; please choose fewer',
	'other-checkout':
		'your other checkout is still holding what it reserved: finish or cancel it, then try again',
	provider: 'the payment provider is unavailable, please try again',
	busy: CHECKOUT_BUSY_REASON,
	'provider-busy': CHECKOUT_PROVIDER_BUSY_REASON,
	'offer-ended': 'this waiting-list offer has ended',
	// A gift's field (decision 166): the page cannot know which one, the form with JavaScript does.
	gift: "the gift's recipient, message or delivery day is not right: a name, an e-mail address, a message of plain text and a day from today to a year ahead, for one seat",
	'upgrade-credit':
		'that upgrade credit cannot be used: it was used already, its pass was refunded or handed on, or its time ended',
} as const

/** The same in German, for the processing page under /de (decision 176). */
const FAILURE_MESSAGES_DE: Record<keyof typeof FAILURE_MESSAGES, string> = {
	product: 'dieses Produkt ist nicht im Verkauf',
	region: 'dieser regionale Preis ist in Ihrem Land nicht verfügbar; wählen Sie den globalen Preis',
	'sold-out': 'ausverkauft',
	'per-buyer': 'das ist mehr, als ein Käufer zurzeit reservieren darf; bitte wählen Sie weniger',
	'other-checkout':
		'Ihre andere Bestellung hält noch, was sie reserviert hat: Schließen Sie sie ab oder brechen Sie sie ab, dann versuchen Sie es erneut',
	provider: 'der Zahlungsanbieter ist nicht erreichbar, bitte versuchen Sie es erneut',
	busy: 'die Website ist ausgelastet, bitte versuchen Sie es in ein paar Sekunden erneut',
	'provider-busy':
		'der Zahlungsanbieter ist ausgelastet, bitte versuchen Sie es in ein paar Sekunden erneut',
	'offer-ended': 'dieses Angebot der Warteliste ist abgelaufen',
	gift: 'Empfänger, Nachricht oder Zustelltag des Geschenks stimmen nicht: ein Name, eine E-Mail-Adresse, eine Nachricht aus reinem Text und ein Tag von heute bis in einem Jahr, für einen Platz',
	'upgrade-credit':
		'dieses Upgrade-Guthaben kann nicht verwendet werden: Es wurde schon verwendet, sein Pass wurde erstattet oder weitergegeben, oder seine Frist ist abgelaufen',
}

export type CheckoutFailureCode = keyof typeof FAILURE_MESSAGES | 'quantity'

/** Codes that mean "try again in a few seconds": their page answers 503 with Retry-After. */
export function isTemporaryFailure(code: string | null): boolean {
	return code === 'busy' || code === 'provider-busy'
}

/** The code of a refused checkout request's field, for the form's redirect. */
export function fieldFailureCode(field: unknown): CheckoutFailureCode | undefined {
	if (field === 'quantity') return 'quantity'
	if (field === 'code' || field === 'type') return 'product'
	if (field === 'region') return 'region'
	if (typeof field === 'string' && field.startsWith('gift')) return 'gift'
	return undefined
}

/** The fixed message of a code from a URL, in `locale`; null for anything else. */
export function failureMessage(
	code: string | null,
	quantityMessage: string,
	locale: Locale = DEFAULT_LOCALE,
): string | null {
	if (code === 'quantity') return quantityMessage
	const table = locale === 'de-DE' ? FAILURE_MESSAGES_DE : FAILURE_MESSAGES
	return Object.hasOwn(FAILURE_MESSAGES, code ?? '')
		? table[code as keyof typeof FAILURE_MESSAGES]
		: null
}
