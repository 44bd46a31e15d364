import { expect, test } from '@playwright/test'
import { hydrated } from './hydration'

// The e2e server trusts x-e2e-country as its CDN country header (playwright.config.ts).
test.describe('a visitor from India', () => {
	test.use({ extraHTTPHeaders: { 'x-e2e-country': 'IN' } })

	test('sees the regional price, can switch to the global price and back', async ({ page }) => {
		await page.goto('/')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Driven Dev')
		const price = page.getByTestId('seat-price')
		await expect(price).toHaveText('$100')
		await expect(page.getByText('Regional price for India: 60% off.')).toBeVisible()

		const withJs = test.info().project.name === 'js'
		const toGlobal = page.getByRole('button', { name: 'Show the global price' })
		// With JavaScript the switch reloads the catalog through the API client, without a navigation
		// (once hydrated: before that it is the form it is without JavaScript).
		if (withJs) await hydrated(toGlobal)
		const catalogLoad = withJs
			? page.waitForRequest((request) => request.url().includes('/api/catalog?'))
			: null
		await toGlobal.click()
		await expect(price).toHaveText('$249')
		if (catalogLoad) {
			expect(new URL((await catalogLoad).url()).searchParams.get('region')).toBe('GLOBAL')
			expect(new URL(page.url()).search).toBe('')
		} else {
			expect(new URL(page.url()).searchParams.get('pricing')).toBe('global')
		}
		await expect(page.getByText('Regional price for India')).toHaveCount(0)

		await page.getByRole('button', { name: 'Use regional pricing for India' }).click()
		await expect(price).toHaveText('$100')
	})

	test('the buy form buys at the price on the screen', async ({ page }) => {
		await page.goto('/')
		const buyRegion = page.locator('#checkout input[name="region"]')
		await expect(buyRegion).not.toHaveValue('GLOBAL')
		await page.getByRole('button', { name: 'Show the global price' }).click()
		await expect(page.getByTestId('seat-price')).toHaveText('$249')
		await expect(buyRegion).toHaveValue('GLOBAL')
		await page.getByRole('button', { name: 'Use regional pricing for India' }).click()
		await expect(page.getByTestId('seat-price')).toHaveText('$100')
		await expect(buyRegion).not.toHaveValue('GLOBAL')
	})

	test('the framework pages show the same offer', async ({ page }) => {
		await page.goto('/for/vue')
		await expect(page.getByTestId('seat-price')).toHaveText('$100')
	})
})

test('a visitor the site cannot place sees the global price and no switch', async ({ page }) => {
	await page.goto('/')
	await expect(page.getByTestId('seat-price')).toHaveText('$249')
	await expect(page.getByRole('button', { name: /price|pricing/ })).toHaveCount(0)
})

test('the landing page shows seats left, and seats sold once there are any', async ({ page }) => {
	await page.goto('/')
	// Other specs buy seats on the same server (tests/e2e/checkout.spec.ts): sold plus left is 500.
	// None sold reads "500 seats left", never "0 seats sold" (docs/decisions/088).
	const counters = page.getByTestId('seat-counters')
	const shape = /^(?:([1-9]\d*) seats? sold · )?(\d+) seats? left$/
	await expect(counters).toHaveText(shape)
	const [, sold = '0', left = '0'] = shape.exec((await counters.textContent()) ?? '')!
	expect(Number(sold) + Number(left)).toBe(500)
})
