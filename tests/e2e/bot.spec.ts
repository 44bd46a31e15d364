import { expect, test } from '@playwright/test'

// Runs in the `bot` project only: Chromium with Googlebot's user agent.

test('bots get the whole page', async ({ page }) => {
	const response = await page.goto('/')
	expect(response?.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Driven Dev')
	await expect(page.getByRole('contentinfo')).toContainText('Powered By')
})

test('bots get the right status but no error page', async ({ page }) => {
	const response = await page.goto('/no/such/page')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('button', { name: 'Back to home' })).toHaveCount(0)
	await expect(page.getByText('Page not found')).toHaveCount(0)
})

test('Lighthouse and facebookexternalhit count as bots too', async ({ request }) => {
	for (const userAgent of [
		'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
		'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
	]) {
		const response = await request.get('/no/such/page', { headers: { 'User-Agent': userAgent } })
		expect(response.status()).toBe(404)
		expect(await response.text()).not.toContain('Back to home')
	}
})
