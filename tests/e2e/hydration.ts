import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Waits until the element is interactive: until then a click does what it does without
 * JavaScript (a form posts, a link navigates). The page hydrates first; a form island then
 * hydrates when the visitor reaches for it or it comes into view (app/components/deferred.tsx),
 * so the element is scrolled into view first, as a visitor would, and its island's wrapper says
 * when it has hydrated (`data-island="hydrated"`).
 */
export async function hydrated(locator: Locator) {
	await pageHydrated(locator.page())
	await locator.scrollIntoViewIfNeeded()
	await expect
		.poll(
			() =>
				locator.evaluate(
					(element) => element.closest('[data-island]')?.getAttribute('data-island') ?? 'hydrated',
				),
			{ message: 'the element is hydrated', timeout: 15_000 },
		)
		.toBe('hydrated')
}

/**
 * Waits until React's first hydration has gone through the whole document: the root layout
 * marks it with a User Timing mark, `hydrated`, and with `data-hydrated` on the document
 * element, which is what this reads (a test that installs Playwright's clock fakes the User
 * Timing API). Until then a node added to the document (a screenshot's style, as a browser
 * extension's) can break the hydration.
 */
export async function pageHydrated(page: Page) {
	// Polled from the test, not the page: a test may have stopped the page's clock and frames.
	await expect
		.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated === 'true'), {
			message: 'the page is hydrated',
			timeout: 15_000,
		})
		.toBe(true)
}

/** Holds the page's module scripts back until `release` is called, as a slow phone's network would. */
export async function holdScripts(page: Page): Promise<{ release: () => void }> {
	let release = () => {}
	const released = new Promise<void>((resolve) => {
		release = resolve
	})
	await page.route(/\/assets\/.*\.js$/, async (route) => {
		await released
		await route.continue()
	})
	return { release }
}
