/**
 * The embedded sandbox provider (DESIGN.md "Embedded defaults"): the hosted checkout page is
 * /checkout/sandbox/:id on the site itself, always labelled test mode. Its state lives in the
 * order: the page completes payments through the same function a verified Stripe webhook calls.
 */
import type { PaymentProvider } from './provider.server'

export const SANDBOX_CARDS = {
	/** Pays. */
	success: '4242424242424242',
	/** Declined, as Stripe's test card of the same number. */
	declined: '4000000000000002',
} as const

/** The sandbox's session id is the order id: nothing else to remember. */
export function createSandboxProvider(): PaymentProvider {
	return {
		name: 'sandbox',
		async createSession({ orderId, origin }) {
			return { sessionId: orderId, link: `${origin}/checkout/sandbox/${orderId}` }
		},
		// The sandbox page records payments itself; until then the session is open.
		async getSessionState() {
			return { state: 'open' }
		},
		// The order is the session: expiring the order is all there is to do.
		async expireSession() {},
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
		return { ok: false, message: 'Your card number is incorrect.' }
	if (digits === SANDBOX_CARDS.success) return { ok: true }
	if (digits === SANDBOX_CARDS.declined)
		return { ok: false, message: 'Your card was declined. Try another card.' }
	return {
		ok: false,
		message: 'Your card was declined: in test mode, use 4242 4242 4242 4242 to pay.',
	}
}
