import { expect, test } from '@playwright/test'
import { hydrated } from './hydration'

// The first load of /. The byte bar of issue 23 is retired (DESIGN.md): the phone timings and
// Lighthouse are the bars, measured by `npm run bench:phone` and `npm run lighthouse`
// (docs/performance.md, docs/decisions/141). What is still promised here: a visitor whose page
// cannot show the particle background never fetches three.js, the sign-up form validates once
// its code has loaded (no interaction needed), and the decoration starts within 2 s of load on
// an idle desktop.

test.describe('first load of /', () => {
	// A visitor with motion on gets the particle background (the js project turns motion off by
	// default: playwright.config.ts).
	test.use({ reducedMotion: 'no-preference' })
	test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'measures JavaScript')

	test('with reduced motion, three.js is never fetched', async ({ page }) => {
		await page.emulateMedia({ reducedMotion: 'reduce' })
		const scripts: string[] = []
		page.on('request', (request) => {
			if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
		})
		await page.goto('/', { waitUntil: 'networkidle' })
		await hydrated(page.locator('#interest').getByLabel('E-mail address'))
		expect(scripts.filter((path) => /three|particle-scene/.test(path))).toEqual([])
	})

	test('the sign-up form validates in the browser once its code has loaded, with no interaction to load it', async ({
		page,
	}) => {
		await page.goto('/', { waitUntil: 'networkidle' })
		const form = page.locator('#interest')
		const email = form.getByLabel('E-mail address')
		await hydrated(email)
		const posts: string[] = []
		page.on('request', (request) => {
			if (request.method() === 'POST') posts.push(request.url())
		})
		await email.fill('nope')
		await form.getByRole('button', { name: 'Keep me posted' }).click()
		await expect(form.getByText('Please enter a valid email address')).toBeVisible()
		expect(posts).toEqual([])
	})

	test('the particle background starts within 2 s of load with no input', async ({ page }) => {
		await page.goto('/', { waitUntil: 'load' })
		const loaded = Date.now()
		await expect(page.getByTestId('particles')).toHaveAttribute('data-state', 'running', {
			timeout: 10_000,
		})
		expect(Date.now() - loaded).toBeLessThanOrEqual(2_000)
	})
})
