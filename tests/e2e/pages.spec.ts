import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

// Every page, in dark and light mode, at 320 px and at a desktop width: no axe violation of
// serious or critical impact, nothing wider than the screen, and a full-page screenshot kept
// with the test's results (docs/decisions/050). Pages render the same HTML with or without JavaScript,
// so this runs in the `js` project only, where axe can run. /checkout/processing needs a
// checkout and is covered by the checkout's own tests.

const pages: [name: string, path: string, status?: number][] = [
	['home', '/'],
	['for-framework', '/for/react'],
	['workshop', '/workshop'],
	['workshop-enrolled', '/workshop/enrolled'],
	['day', '/ai-driven-development-day'],
	['day-enrolled', '/ai-driven-development-day/enrolled'],
	['enrolled', '/enrolled'],
	['checkout-success', '/checkout/success'],
	['blog', '/blog'],
	['blog-post', '/blog/workflow/the-review-loop'],
	['cheatsheets', '/cheatsheets'],
	['cheatsheet', '/cheatsheets/git-safety-net'],
	['legal', '/legal/privacy-policy'],
	['onboarding', '/onboarding'],
	['post-insiders-survey', '/post-insiders-survey'],
	['not-found', '/no-such-page', 404],
]

const widths = [
	{ name: '320', width: 320, height: 640 },
	{ name: 'desktop', width: 1280, height: 800 },
]

test.describe.configure({ mode: 'parallel' })

for (const [name, path, status = 200] of pages) {
	for (const mode of ['dark', 'light'] as const) {
		test(`${name} (${path}) in ${mode} mode is accessible and fits 320 px and desktop`, async ({
			page,
			context,
			baseURL,
		}, testInfo) => {
			test.skip(testInfo.project.name !== 'js', 'axe needs JavaScript')
			await context.addCookies([{ name: 'color-mode', value: mode, url: baseURL! }])
			// Steady screenshots: no particle animation.
			await page.emulateMedia({ reducedMotion: 'reduce' })
			for (const viewport of widths) {
				await page.setViewportSize(viewport)
				const response = await page.goto(path)
				expect(response?.status()).toBe(status)
				await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

				const overflow = await page.evaluate(
					() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
				)
				expect(overflow, `${path} is wider than ${viewport.width} px`).toBeLessThanOrEqual(0)

				const { violations } = await new AxeBuilder({ page }).analyze()
				const serious = violations
					.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
					.map(
						(violation) =>
							`${violation.id} (${violation.impact}): ${violation.nodes
								.slice(0, 3)
								.map((node) => node.target.join(' '))
								.join(', ')}`,
					)
				expect(serious, `${path} ${mode} ${viewport.name}`).toEqual([])

				await testInfo.attach(`${name}-${mode}-${viewport.name}.png`, {
					body: await page.screenshot({ fullPage: true }),
					contentType: 'image/png',
				})
			}
		})
	}
}
