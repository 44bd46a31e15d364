/** Paying on the sandbox's card page as a buyer would (app/routes/checkout/checkout.sandbox.$id.tsx). */

/** The test card the sandbox accepts. */
export const SANDBOX_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' }

/** Posts the card form of the sandbox checkout page at `url`; the answer as it comes (a 303). */
export function paySandbox(
	url: string,
	{
		email = 'buyer@example.com',
		headers = {},
	}: { email?: string; headers?: Record<string, string> } = {},
) {
	return fetch(url, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
		body: new URLSearchParams({ intent: 'pay', ...SANDBOX_CARD, email }),
	})
}
