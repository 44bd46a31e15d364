import { expect, type Page, test } from '@playwright/test'
import { hydrated } from './hydration'

// Runs in both projects: `js` (fetch + JSON, polling) and `no-js` (form POSTs, 303s, meta refresh).

async function purchaseCount(page: Page): Promise<number> {
	const response = await page.request.get('/api/purchase-count')
	return ((await response.json()) as { data: { count: number } }).data.count
}

// From "Pay" to the thank-you page goes through the processing page, which polls every 2 s
// with JavaScript (a meta refresh without): allow a few rounds on a busy machine.
const AFTER_PAYING = { timeout: 15_000 }

async function payWith(page: Page, cardNumber: string) {
	await expect(page.getByText('Test mode — no real charge')).toBeVisible()
	await page.getByLabel('Email').fill('ada@example.com')
	await page.getByLabel('Card number').fill(cardNumber)
	await page.getByLabel('Expiry (MM / YY)').fill('12 / 40')
	await page.getByLabel('CVC').fill('123')
	await page.getByRole('button', { name: /^Pay / }).click()
}

test('buy a seat in the sandbox: thank-you page, and the counter moves', async ({ page }) => {
	const before = await purchaseCount(page)
	await page.goto('/')
	// With JavaScript the form sends the checkout request as JSON (SPEC §7) and follows its link,
	// once the page has hydrated (before that the form posts, as without JavaScript).
	const withJs = test.info().project.name === 'js'
	const preOrder = page.getByRole('button', { name: 'Pre-order your seat' })
	if (withJs) await hydrated(preOrder)
	const json = withJs
		? page.waitForRequest(
				(request) =>
					request.url().endsWith('/checkout') &&
					request.headers()['content-type'] === 'application/json',
			)
		: null
	await preOrder.click()
	if (json)
		expect((await json).postDataJSON()).toMatchObject({
			code: 'ai-driven-dev-preorder',
			quantity: 1,
		})
	await expect(page).toHaveURL(/\/checkout\/sandbox\/[A-Za-z0-9_-]{22}$/)
	await expect(page.getByText('1 × AI Driven Dev: pre-order seat')).toBeVisible()
	await expect(page.getByTestId('checkout-total')).toHaveText('$249')
	await payWith(page, '4242 4242 4242 4242')
	await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]{22}\/thank-you$/, AFTER_PAYING)
	await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible()
	await expect(page.getByText('1 × AI Driven Dev: pre-order seat')).toBeVisible()
	expect(await purchaseCount(page)).toBeGreaterThan(before)
})

test('the partner cookie reaches POST /checkout: X-Affiliate, and X-Coupon unless a coupon is typed', async ({
	page,
}) => {
	// ?friend= on any page sets the partner cookie (SPEC §4).
	await page.goto('/?friend=partner-42')
	const withJs = test.info().project.name === 'js'
	const preOrder = page.getByRole('button', { name: 'Pre-order your seat' })
	const checkoutPost = () =>
		page.waitForRequest(
			(request) => request.method() === 'POST' && new URL(request.url()).pathname === '/checkout',
		)
	if (withJs) await hydrated(preOrder)
	let posted = checkoutPost()
	await preOrder.click()
	let request = await posted
	if (withJs) {
		expect(request.headers()).toMatchObject({
			'x-affiliate': 'partner-42',
			'x-coupon': 'partner-42',
		})
	} else {
		// A plain form POST cannot add headers: it carries the cookie, and the server falls back to
		// it for both (tests/integration/checkout.test.ts).
		expect(await request.headerValue('cookie')).toContain('partner_key=partner-42')
	}
	await expect(page).toHaveURL(/\/checkout\/sandbox\//)

	await page.goto('/')
	if (withJs) await hydrated(preOrder)
	await page.getByLabel('Coupon code (optional)').fill('SPRING')
	posted = checkoutPost()
	await preOrder.click()
	request = await posted
	if (withJs)
		expect(request.headers()).toMatchObject({ 'x-affiliate': 'partner-42', 'x-coupon': 'SPRING' })
	else expect(request.postData()).toContain('coupon=SPRING')
	await expect(page).toHaveURL(/\/checkout\/sandbox\//)
})

test('a declined card says so, and the visitor can try again', async ({ page }) => {
	await page.goto('/')
	await page.getByRole('button', { name: 'Pre-order your seat' }).click()
	await payWith(page, '4000 0000 0000 0002')
	await expect(page.getByRole('alert')).toContainText('Your card was declined')
	await expect(page).toHaveURL(/\/checkout\/sandbox\//)
	await payWith(page, '4242 4242 4242 4242')
	await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible(
		AFTER_PAYING,
	)
})

test('the checkout page offers one reminder to come back, and a declined card keeps the choice', async ({
	page,
}) => {
	await page.goto('/')
	await page.getByRole('button', { name: 'Pre-order your seat' }).click()
	const remindMe = page.getByLabel(
		'If I leave without paying, e-mail me once with a link to start again',
	)
	await expect(remindMe).not.toBeChecked()
	await remindMe.check()
	await payWith(page, '4000 0000 0000 0002')
	await expect(page.getByRole('alert')).toContainText('Your card was declined')
	await expect(remindMe).toBeChecked()
	await expect(page.getByText('Nothing is held for you once this checkout ends')).toBeVisible()
})

test('a refused checkout explains why', async ({ page }) => {
	await page.goto('/')
	await page.getByLabel('Quantity').first().fill('50')
	await page.getByRole('button', { name: 'Pre-order your seat' }).click()
	await expect(
		page
			.getByText(
				/quantity must be a whole number from 1 to 20|at most 20|less than or equal to 20/i,
			)
			.first(),
	).toBeVisible()
})

test('buy two passes and claim one', async ({ page }) => {
	await page.goto('/ai-driven-development-day')
	await page.getByLabel('Quantity').first().fill('2')
	await page.getByRole('button', { name: 'Buy passes' }).first().click()
	await expect(page.getByText('2 × AI Driven Development Day pass')).toBeVisible()
	await payWith(page, '4242 4242 4242 4242')
	await expect(page.getByRole('heading', { name: 'Your passes' })).toBeVisible(AFTER_PAYING)
	await expect(page.getByRole('link', { name: /^Pass \d$/ })).toHaveCount(2)
	await page.getByRole('link', { name: 'Pass 1' }).click()
	await expect(page).toHaveURL(/\/pass\/[A-Za-z0-9_-]{22}$/)
	const passUrl = page.url()
	await page.getByLabel('Name').fill('Ada Lovelace')
	await page.getByLabel('Email').fill('ada@example.com')
	await page.getByRole('button', { name: 'Claim pass' }).click()
	await expect(page.getByRole('heading', { name: 'Your pass is claimed' })).toBeVisible()
	await expect(page.getByText('Thank you, Ada Lovelace.')).toBeVisible()
	await page.goto(passUrl)
	await expect(page.getByText('This pass has already been claimed by Ada Lovelace.')).toBeVisible()
})

test('an unknown pass is a plain 404', async ({ page }) => {
	const response = await page.goto('/pass/AAAAAAAAAAAAAAAAAAAAAA')
	expect(response?.status()).toBe(404)
})

test('the processing page waits, then moves on by itself once the payment is confirmed', async ({
	page,
}) => {
	const created = await page.request.post('/checkout', {
		data: { code: 'ai-driven-dev-preorder', quantity: 1, region: 'GLOBAL' },
	})
	const { link } = (await created.json()) as { link: string }
	const id = link.split('/').pop()!
	await page.goto(`/checkout/processing?id=${id}`)
	await expect(page.getByRole('heading', { name: 'Processing your payment' })).toBeVisible()
	await expect(page.getByText('Please wait while we process your payment')).toBeVisible()
	// Paid elsewhere (another tab, or the provider's webhook): JavaScript polls GET /checkout/{id},
	// without it the meta refresh asks again.
	const paid = await page.request.post(`/checkout/sandbox/${id}`, {
		form: {
			intent: 'pay',
			email: 'ada@example.com',
			cardNumber: '4242424242424242',
			expiry: '12/40',
			cvc: '123',
		},
		maxRedirects: 0,
	})
	expect(paid.status()).toBe(303)
	await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible(
		AFTER_PAYING,
	)
	expect(page.url()).toMatch(new RegExp(`/checkout/${id}/thank-you$`))
})
