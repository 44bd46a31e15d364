import { expect, type Page, test } from '@playwright/test'
import { holdScripts, hydrated } from './hydration'

// How a page starts in the browser: Remix's own scripts, hydration, and the islands that wait
// for the visitor (docs/decisions/098).

const LANDING_PAGES = ['/', '/workshop', '/ai-driven-development-day', '/blog']

/**
 * Opens `path` with the page's scripts held back, as on a slow phone, until the returned
 * function is called: what the test does first happens before any of them runs.
 */
async function openWithScriptsHeld(page: Page, path: string): Promise<() => void> {
	const { release } = await holdScripts(page)
	await page.goto(path, { waitUntil: 'domcontentloaded' })
	return release
}

test.describe('with JavaScript', () => {
	test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'measures JavaScript')

	for (const path of LANDING_PAGES) {
		test(`${path} hydrates with no content security policy violation`, async ({ page }) => {
			await page.addInitScript(() => {
				const violations: string[] = []
				Object.assign(window, { cspViolations: violations })
				document.addEventListener('securitypolicyviolation', (event) =>
					violations.push(`${event.violatedDirective} ${event.blockedURI}`),
				)
			})
			await page.goto(path)
			await hydrated(page.getByRole('heading', { level: 1 }))
			expect(
				await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
			).toEqual([])
		})
	}

	test('a client-side navigation works once the page has hydrated', async ({ page }) => {
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
