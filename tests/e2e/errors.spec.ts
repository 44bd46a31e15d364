import { expect, test } from '@playwright/test'
import { hydrated } from './hydration'

test("an unknown path answers 404 with 'Page not found: {path}' on the error page", async ({
	page,
}) => {
	const response = await page.goto('/no/such/page')
	expect(response?.status()).toBe(404)
	await expect(page.getByText('404', { exact: true })).toBeVisible()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not Found')
	await expect(page.getByText('Page not found: /no/such/page')).toBeVisible()
	// The error page keeps the site's layout.
	await expect(page.getByRole('contentinfo')).toContainText('Powered By')
})

test('"Back to home" clears the error and goes to /', async ({ page }) => {
	await page.goto('/no/such/page')
	await page.getByRole('button', { name: 'Back to home' }).click()
	await expect(page).toHaveURL(/\/\??$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Driven Dev')
	await expect(page.getByText('Page not found')).toHaveCount(0)
})

test('a 404 reached by client-side navigation shows the same page', async ({
	page,
	javaScriptEnabled,
}) => {
	await page.goto('/workshop')
	// A node added before hydration would be thrown away by it.
	if (javaScriptEnabled) await hydrated(page.locator('main'))
	await page.evaluate(() => {
		const link = document.createElement('a')
		link.href = '/legal/nothing-here'
		link.textContent = 'broken link'
		document.querySelector('main')!.append(link)
	})
	await page.getByRole('link', { name: 'broken link' }).click()
	await expect(page.getByText('Page Not Found: /legal/nothing-here')).toBeVisible()
})
