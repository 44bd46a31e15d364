import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { pageHydrated } from './hydration'

// Review images of each landing page at a phone's and a desktop's width (docs/decisions/085),
// kept beside this file: a change to how a landing page looks shows up as a changed PNG in
// review. Run with --update-snapshots after an intended change. JavaScript on only: the pages
// are the same without it, less the visitor's own time line.

const pages: [name: string, path: string][] = [
	['home', '/'],
	['for-framework', '/for/react'],
	['workshop', '/workshop'],
	['day', '/ai-driven-development-day'],
]

// Steady images: no particle animation, one time zone for "Your time".
test.use({ timezoneId: 'UTC', colorScheme: 'dark', reducedMotion: 'reduce' })

for (const [name, path] of pages) {
	for (const width of [375, 1280]) {
		test(`${name} at ${width} px looks as reviewed`, async ({ page }, testInfo) => {
			test.skip(testInfo.project.name !== 'js', 'one set of review images')
			await page.setViewportSize({ width, height: 900 })
			await page.goto(path)
			await page.waitForLoadState('networkidle')
			// The screenshot adds a style to the document: after the hydration, which it would break.
			await pageHydrated(page)
			// As the page first paints: the dates, forms and people are deferred islands that
			// hydrate when the visitor reaches them (docs/decisions/074), so none has added the
			// visitor's own time or changed a pixel yet.
			await expect(page.locator('[data-visitor-time]')).toHaveCount(0)
			await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
				fullPage: true,
				animations: 'disabled',
				// Other specs buy and hold seats on the same server: the counters and the held-seats
				// line come and go with them, so they are left out of the images.
				stylePath: join(import.meta.dirname, 'landing-screenshots.css'),
				maxDiffPixelRatio: 0.02,
			})
		})
	}
}
