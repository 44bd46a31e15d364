import { expect, test } from '@playwright/test'

// Every screen of SPEC §2 with the status it answers today. Pages whose data arrives with later
// issues (posts, passes, orders) answer 404 through route validation until that data exists.
const pages: [path: string, status: number, heading: RegExp][] = [
	['/', 200, /AI Driven Dev/],
	['/for/react', 200, /AI Driven Dev/],
	['/enrolled', 200, /You're in! We'll be in touch\./],
	['/blog', 200, /Blog/],
	['/onboarding', 200, /Welcome/],
	['/legal/privacy-policy', 200, /Privacy policy/i],
	['/legal/terms-conditions', 200, /Terms and conditions/i],
	['/workshop', 200, /workshop/i],
	['/workshop/enrolled', 200, /signed up/],
	['/checkout/success', 200, /Payment successful/],
	['/checkout/processing', 200, /Processing your payment/],
	['/cheatsheets', 200, /Cheatsheets/],
	['/post-insiders-survey', 200, /survey/i],
	// Without a sign-in in progress the callback explains that and offers to try again.
	['/login/github/callback', 400, /GitHub/],
	['/ai-driven-development-day', 200, /AI Driven Development Day/],
	['/ai-driven-development-day/enrolled', 200, /inbox/],
]

for (const [path, status, heading] of pages) {
	test(`${path} answers ${status} with its heading`, async ({ page }) => {
		const response = await page.goto(path)
		expect(response?.status()).toBe(status)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
	})
}

test.describe('route validation', () => {
	for (const path of [
		'/blog/ai/no-such-post',
		'/cheatsheets/no-such-sheet',
		'/legal/no-such-page',
		'/pass/not-a-pass',
		'/pass/not-a-pass/thank-you',
		'/checkout/no-such-order/thank-you',
		'/for/Not%20A%20Framework',
	]) {
		test(`${path} answers 404 'Page Not Found: {path}'`, async ({ page }) => {
			const response = await page.goto(path)
			expect(response?.status()).toBe(404)
			await expect(page.getByText(`Page Not Found: ${path}`)).toBeVisible()
		})
	}
})

test('/for/:framework is the home page with a line for that framework', async ({ page }) => {
	await page.goto('/for/vue')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Driven Dev')
	await expect(page.getByText('With examples for Vue developers.')).toBeVisible()
	await expect(page).toHaveTitle('AI Driven Dev for Vue developers | AI-Driven Development')
})

test('/backdoor is sent to / before anything renders', async ({ page, request }) => {
	const response = await request.get('/backdoor', { maxRedirects: 0 })
	expect(response.status()).toBe(302)
	expect(response.headers().location).toBe('/')
	await page.goto('/backdoor')
	await expect(page).toHaveURL(/\/$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI Driven Dev')
})
