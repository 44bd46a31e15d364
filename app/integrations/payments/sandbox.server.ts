/**
 * The embedded sandbox provider (DESIGN.md "Embedded defaults", docs/decisions/030, 032): the
 * hosted checkout page is /checkout/sandbox/:id on the site itself, always labelled test mode.
 * Its state lives in the order, so it has no session to look up or expire and sends no webhooks:
 * its page's "Pay" and "Cancel", and a refund, are events confirmed by the same step a verified
 * Stripe webhook goes through.
 */
import { DEFAULT_LOCALE } from '~/domain/locale'
import { MESSAGES } from '~/forms/messages'
import { localePath } from '~/utils/i18n'
import type { PaymentCharge, PaymentEvent, PaymentProvider } from './types'

const SANDBOX_CARDS = {
	/** Pays. */
	success: '4242424242424242',
	/** Declined, as Stripe's test card of the same number. */
	declined: '4000000000000002',
} as const

/** An event about an order's sandbox session; the session id is the order id. */
function sandboxEvent(
	orderId: string,
	type: PaymentEvent['type'],
	buyer: { email: string | null; name: string | null } = { email: null, name: null },
): PaymentEvent {
	return {
		id: `sandbox:${orderId}:${type}`,
		provider: 'sandbox',
		type,
		orderId,
		sessionId: orderId,
		paymentIntentId: null,
		...buyer,
	}
}

export function createSandboxProvider(): PaymentProvider {
	return {
		id: 'sandbox',
		// The sandbox page is our own clock: the reservation ends with the session.
		reservationGraceMinutes: 0,
		testMode: true,
		// The page in the order's language (docs/decisions/176).
		async createSession({ orderId, origin, locale = DEFAULT_LOCALE }) {
			return {
				sessionId: orderId,
				link: `${origin}${localePath(`/checkout/sandbox/${orderId}`, locale)}`,
			}
		},
		// No money moved, so nothing to send back: the refund is recorded on the order.
		async refund({ orderId }) {
			return sandboxEvent(orderId, 'refunded')
		},
		// The same: the part refunded is recorded on the order, under its key.
		async refundPart(_order, { key }) {
			return { refundId: `sandbox-refund:${key}` }
		},
		sitePage: {
			// The page charges what it shows: the order's own amount, passed in by the checkout.
			paid: (orderId, buyer, charge: PaymentCharge, tax) => ({
				...sandboxEvent(orderId, 'completed', { email: buyer.email, name: buyer.name ?? null }),
				charge,
				...(buyer.billing ? { billing: buyer.billing } : {}),
				...(tax ? { tax } : {}),
			}),
			cancelled: (orderId) => sandboxEvent(orderId, 'expired'),
		},
	}
}

export type CardCheck = { ok: true } | { ok: false; message: string }

/** Luhn checksum, so a mistyped number reads as mistyped rather than declined. */
export function luhnValid(digits: string): boolean {
	let sum = 0
	for (let i = 0; i < digits.length; i++) {
		let digit = Number(digits[digits.length - 1 - i])
		if (i % 2 === 1) {
			digit *= 2
			if (digit > 9) digit -= 9
		}
		sum += digit
	}
	return digits.length >= 12 && sum % 10 === 0
}

/** What the sandbox answers for a card number (spaces allowed). */
export function checkSandboxCard(cardNumber: string): CardCheck {
	const digits = cardNumber.replace(/[\s-]/g, '')
	if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
		return { ok: false, message: MESSAGES.cardNumberIncorrect }
	if (digits === SANDBOX_CARDS.success) return { ok: true }
	if (digits === SANDBOX_CARDS.declined) return { ok: false, message: MESSAGES.cardDeclined }
	return { ok: false, message: MESSAGES.cardDeclinedInTestMode }
}
