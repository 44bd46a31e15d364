import { expect, test } from '@playwright/test'
import { builtEventList } from '../support/site-events'

/**
 * What the $99 pass adds (issue 36, item 2; docs/decisions/155): the day page says, beside the
 * pass's form and beside the free Register form, what each gives, in the owner's words from
 * content/site/events.yml — on a phone and a desktop, with JavaScript on and off.
 */
const day = builtEventList().find((event) => event.kind === 'day')!

for (const width of [375, 1280]) {
	test(`at ${width} px the day page says what a pass gives beside its form and what the free registration gives beside the Register form`, async ({
		page,
	}) => {
		expect(day.includes, 'content names what each gives').toBeDefined()
		await page.setViewportSize({ width, height: 900 })
		await page.goto('/ai-driven-development-day')
		const passes = page.locator('section', {
			has: page.getByRole('heading', { name: 'Passes', level: 2 }),
		})
		const register = page.locator('section', {
			has: page.getByRole('heading', { name: 'Register', level: 2 }),
		})
		await expect(passes.getByText(day.includes!.pass)).toBeVisible()
		await expect(passes.getByRole('button', { name: 'Buy passes' }).first()).toBeVisible()
		await expect(register.getByText(day.includes!.registration)).toBeVisible()
		await expect(register.getByRole('button', { name: 'Register' })).toBeVisible()
		// Each beside its own form only: the free form never reads as the pass.
		await expect(register.getByText(day.includes!.pass)).toHaveCount(0)
		await expect(passes.getByText(day.includes!.registration)).toHaveCount(0)
		// Nothing scrolls sideways on a phone.
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
			width,
		)
	})
}
