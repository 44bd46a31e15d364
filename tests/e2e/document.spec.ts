import { expect, test } from '@playwright/test'

const description =
	'Join the next era of development. Discover how AI is reshaping coding, boosting productivity, and transforming the way developers build.'

test('the home page has the title, description, social cards, favicon and a bare-origin canonical', async ({
	page,
	baseURL,
}) => {
	await page.goto('/')
	await expect(page).toHaveTitle('AI-Driven Development')
	await expect(page.locator('html')).toHaveAttribute('lang', 'en')
	const meta = (selector: string) => page.locator(`head meta[${selector}]`)
	await expect(meta('name="description"')).toHaveAttribute('content', description)
	await expect(meta('property="og:title"')).toHaveAttribute('content', 'AI-Driven Development')
	await expect(meta('property="og:description"')).toHaveAttribute('content', description)
	await expect(meta('property="og:type"')).toHaveAttribute('content', 'website')
	await expect(meta('property="og:url"')).toHaveAttribute('content', baseURL!)
	await expect(meta('property="og:image"')).toHaveAttribute('content', `${baseURL}/social.png`)
	await expect(meta('name="twitter:card"')).toHaveAttribute('content', 'summary_large_image')
	await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', baseURL!)
	await expect(page.locator('head link[rel="icon"]').first()).toHaveAttribute('href', /favicon/)
})

test('the social image and favicons are real files', async ({ request }) => {
	const image = await request.get('/social.png')
	expect(image.status()).toBe(200)
	expect(image.headers()['content-type']).toBe('image/png')
	expect((await image.body()).length).toBeGreaterThan(10_000)
	for (const path of ['/favicon.svg', '/favicon.ico', '/apple-touch-icon.png']) {
		expect((await request.get(path)).status(), path).toBe(200)
	}
})

test('other pages have their own title and an origin-plus-path canonical', async ({
	page,
	baseURL,
}) => {
	await page.goto('/workshop/enrolled')
	await expect(page).toHaveTitle("You're signed up | AI-Driven Development")
	await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
		'href',
		`${baseURL}/workshop/enrolled`,
	)
	await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute(
		'content',
		`${baseURL}/workshop/enrolled`,
	)
})

test('the canonical link follows client-side navigation', async ({ page, baseURL }) => {
	await page.goto('/')
	await page.getByRole('link', { name: 'Join the free workshop' }).click()
	await expect(page).toHaveURL(/\/workshop$/)
	await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
		'href',
		`${baseURL}/workshop`,
	)
})
