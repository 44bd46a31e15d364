import { expect, type Page } from '@playwright/test'

const PRODUCTS = {
	course: { path: '/', button: 'Pre-order your seat', code: 'ai-driven-dev-preorder' },
	passes: {
		path: '/ai-driven-development-day',
		button: 'Buy passes',
		code: 'ai-driven-development-day-pass',
	},
}

/** The payment page's labels and the thank-you page's heading, in each language. */
const ENGLISH_PAYMENT_PAGE = {
	email: 'Email',
	company: 'Company name',
	card: 'Card number',
	expiry: 'Expiry (MM / YY)',
	cvc: 'CVC',
	pay: /^Pay /,
	thanks: 'Thank you for your order',
}
const GERMAN_PAYMENT_PAGE = {
	email: 'E-Mail',
	company: 'Firmenname',
	card: 'Kartennummer',
	expiry: 'Gültig bis (MM / JJ)',
	cvc: 'Prüfnummer (CVC)',
	pay: / zahlen$/,
	thanks: 'Vielen Dank für Ihre Bestellung',
}

/**
 * Buys from a product page as `email`, paying on the sandbox's page with its good card, and waits
 * for the thank-you page; the order's id. For specs where paying is a means to an end: the specs
 * of the payment page itself (tests/e2e/checkout.spec.ts, invoices.spec.ts) write their steps out.
 * Relative to the test's baseURL.
 */
export async function payInSandbox(
	page: Page,
	email: string,
	{
		product = 'course',
		quantity,
		company,
		german = false,
	}: {
		product?: keyof typeof PRODUCTS
		quantity?: number
		company?: string
		/** From the product's German page (decision 174), whose buy button may read in German. */
		german?: boolean
	} = {},
): Promise<string> {
	const { path, button, code } = PRODUCTS[product]
	await page.goto(german ? `/de${path === '/' ? '' : path}` : path)
	if (quantity !== undefined) await page.getByLabel('Quantity').first().fill(String(quantity))
	// The buy form's first button is its own (the second, when shown, pays by transfer).
	const buy = german
		? page.locator(`#checkout-${code}`).getByRole('button').first()
		: page.getByRole('button', { name: button }).first()
	await buy.click()
	// A German page's buy form lands on the German payment page, which speaks German (decision 176).
	const words = german ? GERMAN_PAYMENT_PAGE : ENGLISH_PAYMENT_PAGE
	await expect(page).toHaveURL(
		german
			? /\/de\/checkout\/sandbox\/[A-Za-z0-9_-]{22}$/
			: /\/checkout\/sandbox\/[A-Za-z0-9_-]{22}$/,
	)
	const orderId = page.url().split('/').at(-1)!
	// Exact in German: the reminder's checkbox label says "eine E-Mail" too.
	await page.getByLabel(words.email, { exact: german }).fill(email)
	if (company !== undefined) await page.getByLabel(words.company).fill(company)
	await page.getByLabel(words.card).fill('4242 4242 4242 4242')
	await page.getByLabel(words.expiry).fill('12 / 40')
	await page.getByLabel(words.cvc).fill('123')
	await page.getByRole('button', { name: words.pay }).click()
	// Through the processing page, which polls every 2 s (a meta refresh without JavaScript): a few
	// rounds on a busy machine.
	await expect(page.getByRole('heading', { name: words.thanks })).toBeVisible({
		timeout: 15_000,
	})
	return orderId
}

/**
 * Buys `quantity` course seats (or items of `code`) as `email` without a browser: the JSON checkout, then the
 * sandbox's payment form posted as its page would (`origin` is the site's, for the Origin check).
 * For the owner's specs, which need paid orders to look at, not a buyer's steps; the order's id.
 */
export async function payByRequests(
	page: Page,
	email: string,
	{
		origin,
		quantity = 1,
		code = 'ai-driven-dev-preorder',
	}: { origin: string; quantity?: number; code?: string },
): Promise<string> {
	const created = await page.request.post('/checkout', {
		data: { code, quantity, region: 'GLOBAL' },
		headers: { Origin: origin },
	})
	expect(created.status()).toBe(200)
	const { link } = (await created.json()) as { link: string }
	const paid = await page.request.post(link, {
		form: {
			intent: 'pay',
			cardNumber: '4242 4242 4242 4242',
			expiry: '12 / 40',
			cvc: '123',
			email,
		},
		headers: { Origin: origin },
		maxRedirects: 0,
	})
	expect(paid.status()).toBe(303)
	return link.split('/').at(-1)!
}
