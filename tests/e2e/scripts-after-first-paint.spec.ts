import { expect, type Page, test } from '@playwright/test'
import { hydrated } from './hydration'

// The page's JavaScript starts after its first paint (docs/decisions/097): Remix's scripts come
// inert in a <template>, and a small inline script copies them into the document once the whole
// page is on screen.

const LANDING_PAGES = ['/', '/workshop', '/ai-driven-development-day', '/blog']

/**
 * Opens `path` with the page's scripts held back, as on a slow phone, until the returned
 * function is called: what the test does first happens before any of them runs.
 */
async function openWithScriptsHeld(page: Page, path: string): Promise<() => void> {
	let release = () => {}
	const released = new Promise<void>((resolve) => {
		release = resolve
	})
	await page.route(/\/build\/.*\.js$/, async (route) => {
		await released
		await route.continue()
	})
	await page.goto(path, { waitUntil: 'domcontentloaded' })
	return release
}

test.describe('with JavaScript', () => {
	test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'measures JavaScript')

	for (const path of LANDING_PAGES) {
		test(`${path} requests no script before its first contentful paint, then hydrates`, async ({
			page,
		}) => {
			await page.addInitScript(() => {
				const violations: string[] = []
				Object.assign(window, { cspViolations: violations })
				document.addEventListener('securitypolicyviolation', (event) =>
					violations.push(`${event.violatedDirective} ${event.blockedURI}`),
				)
			})
			await page.goto(path)
			await hydrated(page.getByRole('heading', { level: 1 }))
			const timing = await page.evaluate(() => ({
				firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
				scripts: performance
					.getEntriesByType('resource')
					.filter((entry) => new URL(entry.name).pathname.startsWith('/build/'))
					.filter((entry) => entry.name.endsWith('.js'))
					.map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
				cspViolations: (window as unknown as { cspViolations: string[] }).cspViolations,
			}))
			expect(timing.firstContentfulPaint).toBeGreaterThan(0)
			expect(timing.scripts.length).toBeGreaterThan(0)
			const early = timing.scripts.filter(
				(script) => script.start < (timing.firstContentfulPaint ?? Number.POSITIVE_INFINITY),
			)
			expect(early, `first contentful paint at ${timing.firstContentfulPaint} ms`).toEqual([])
			expect(timing.cspViolations).toEqual([])
		})
	}

	test('a client-side navigation after the late start still works', async ({ page }) => {
		await page.goto('/')
		await hydrated(page.getByRole('navigation', { name: 'Main' }))
		await page.evaluate(() => Object.assign(window, { sameDocument: true }))
		await page
			.getByRole('navigation', { name: 'Main' })
			.getByRole('link', { name: 'Blog', exact: true })
			.click()
		await expect(page).toHaveURL(/\/blog$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible()
		// Remix's router navigated: the window, and what was set on it, are the same.
		expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
	})

	test('a form the visitor scrolled to while the scripts loaded hydrates without being touched', async ({
		page,
	}) => {
		// The scripts are held until the visitor has scrolled: the scroll comes before any island
		// listens for one, as on a slow phone.
		const release = await openWithScriptsHeld(page, '/')
		const preOrder = page.getByRole('button', { name: 'Pre-order your seat' })
		await preOrder.scrollIntoViewIfNeeded()
		expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
		release()
		// hydrated() scrolls only if needed: the button is in view, so no scroll event comes now.
		await hydrated(preOrder)
	})

	test('a node added to the document before hydration, as browser extensions do, leaves no island empty', async ({
		page,
	}) => {
		const warnings: string[] = []
		page.on('console', (message) => {
			if (message.type() === 'warning') warnings.push(message.text())
		})
		const release = await openWithScriptsHeld(page, '/')
		// React 18 cannot hydrate an <html> with an element it did not render: it renders the
		// whole page again in the browser, where an island has no server HTML to keep.
		await page.evaluate(() => document.documentElement.append(document.createElement('div')))
		release()
		await expect
			.poll(() => warnings.some((text) => text.startsWith('Error while mounting the app')))
			.toBe(true)
		await expect(page.getByRole('heading', { name: 'Your instructor' })).toBeVisible()
		await expect(page.getByTestId('seat-price')).toBeVisible()
		await expect(page.getByRole('button', { name: 'Pre-order your seat' })).toBeVisible()
	})
})

test('without JavaScript, a page downloads no JavaScript', async ({ page, javaScriptEnabled }) => {
	test.skip(javaScriptEnabled, 'a visitor without JavaScript')
	const scripts: string[] = []
	page.on('request', (request) => {
		if (request.resourceType() === 'script' || /\.m?js$/.test(new URL(request.url()).pathname))
			scripts.push(new URL(request.url()).pathname)
	})
	for (const path of LANDING_PAGES) await page.goto(path, { waitUntil: 'networkidle' })
	expect(scripts).toEqual([])
})
