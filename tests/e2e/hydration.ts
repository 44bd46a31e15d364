import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Waits until React has hydrated the element: until then a click does what it does without
 * JavaScript (a form posts, a link navigates), and a node added to the page is thrown away by the
 * hydration that follows. Form islands hydrate when the visitor reaches for them or they come
 * into view (app/components/deferred.tsx): the element is scrolled into view first, as a visitor
 * would, and hydration can then take a few seconds on a busy machine.
 * React marks the nodes it owns with a `__reactFiber$…` key; server HTML still waiting to
 * hydrate has none.
 */
export async function hydrated(locator: Locator) {
	await pageHydrated(locator.page())
	await locator.scrollIntoViewIfNeeded()
	await expect
		.poll(
			() =>
				locator.evaluate((element) =>
					Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
				),
			{ message: 'the element is hydrated', timeout: 15_000 },
		)
		.toBe(true)
}

/**
 * Waits until React's first hydration has gone through the whole document, to the script after
 * the scripts' template, the last element it renders (docs/decisions/097): the page's `load`
 * comes before its scripts now. Until then, a node added to the document (a screenshot's style,
 * as a browser extension's) breaks the hydration, and React renders the page from scratch.
 */
export async function pageHydrated(page: Page) {
	await expect
		.poll(
			() =>
				page
					.locator('body > template + script')
					.evaluate((element) =>
						Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
					),
			{ message: 'the page is hydrated', timeout: 15_000 },
		)
		.toBe(true)
}
