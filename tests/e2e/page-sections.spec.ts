import { expect, test } from '@playwright/test'

// A landing page's sections are laid out and painted only as they near the screen
// (`.page-section`, app/styles/tailwind.css): the first layout covers what a phone shows. What a
// visitor reads, reaches by a link or focuses must not change for it.

test.use({ viewport: { width: 375, height: 740 } })

/** Whether the browser currently skips drawing the element (inside a section it leaves undrawn). */
const skipped = (selector: string) => (page: import('@playwright/test').Page) =>
	page
		.locator(selector)
		.evaluate((element) => !element.checkVisibility({ contentVisibilityAuto: true }))

test('a later section of a landing page is drawn once it nears the screen, with its text there to read', async ({
	page,
}) => {
	await page.goto('/')
	// The browser decides at its next frame, after the load and after the scroll.
	await expect.poll(() => skipped('#faq-heading')(page)).toBe(true)
	await page.locator('#faq').scrollIntoViewIfNeeded()
	await expect.poll(() => skipped('#faq-heading')(page)).toBe(false)
	await expect(page.locator('#faq-heading')).toBeInViewport()
	await expect(page.locator('#faq details').first()).toBeVisible()
})

test('a link to a later section lands on it, drawn', async ({ page }) => {
	await page.goto('/ai-driven-development-day#passes')
	await expect(page.locator('#passes-heading')).toBeInViewport()
	await expect.poll(() => skipped('#passes-heading')(page)).toBe(false)
})

for (const path of ['/', '/ai-driven-development-day']) {
	test(`every focus ring in a section of ${path} has room inside it (its paint is clipped at its edges)`, async ({
		page,
	}) => {
		await page.goto(path)
		const clipped = await page.evaluate(() => {
			// The site's focus ring: a 3 px outline 2 px outside the element (tailwind.css).
			const ring = 5
			const found: string[] = []
			for (const section of document.querySelectorAll<HTMLElement>('.page-section')) {
				const box = section.getBoundingClientRect()
				const focusable = section.querySelectorAll<HTMLElement>(
					'a[href], button, input:not([type="hidden"]), select, textarea, summary',
				)
				for (const element of focusable) {
					const own = element.getBoundingClientRect()
					if (own.width === 0 && own.height === 0) continue
					if (own.left - ring < box.left || own.right + ring > box.right)
						found.push(
							`${section.id || section.getAttribute('aria-labelledby')}: ${element.outerHTML.slice(0, 80)}`,
						)
				}
			}
			return found
		})
		expect(clipped).toEqual([])
	})
}
