import { expect, type Locator } from '@playwright/test'

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
