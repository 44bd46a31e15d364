import { expect, type Page, test } from '@playwright/test'
import { adminURL } from '../../playwright.config'
import { builtEventList, workshopSessions } from '../support/site-events'
import { signInAsOwner } from './sign-in'

// The follow-ups (issue 36, item 13b; docs/decisions/157, 159) on the owner's dashboard, on the
// second e2e site (`mona` is the owner), with JavaScript on and off, at a phone's width and a
// desktop's: the owner sets a session's recording-and-code link; a link that is not a web
// address is refused beside its field and nothing is saved. The day event is listed too, and its
// recordings link is set the same way. The e-mails themselves are proved by
// tests/integration/workshop-follow-ups.test.ts and day-follow-ups.test.ts (the build's events
// are all ahead).
test.use({ baseURL: adminURL })
test.describe.configure({ timeout: 90_000 })

const WIDTHS = [
	{ name: 'phone', width: 375, height: 740 },
	{ name: 'desktop', width: 1280, height: 800 },
]

/** How far the page is wider than the window (0 or less: no sideways scrolling). */
const overflow = (page: Page) =>
	page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test('the owner sets a workshop session’s recording link; a link that is not a web address is refused beside its field', async ({
	page,
}, testInfo) => {
	const session = workshopSessions().at(-1)!
	const link = `https://video.example/${testInfo.project.name}-${Date.now()}`
	await signInAsOwner(page)
	for (const viewport of WIDTHS) {
		await page.setViewportSize(viewport)
		await page.goto('/admin')
		await page
			.getByRole('navigation', { name: 'Dashboard' })
			.getByRole('link', { name: 'Follow-ups' })
			.click()
		await expect(page.getByRole('heading', { level: 1, name: 'Follow-ups' })).toBeVisible()
		const row = page.getByRole('row').filter({ hasText: session.id })
		await expect(row).toContainText(/not ended yet|goes out once the session has ended/)
		expect(await overflow(page), viewport.name).toBeLessThanOrEqual(0)

		await page.locator(`input[name="eventId"][value="${session.id}"]`).check()
		// A URL the browser takes but the site does not: only web addresses are sent to people.
		await page.getByLabel('Recording link').fill('ftp://files.example/recording')
		await page.getByRole('button', { name: 'Save the link' }).click()
		await expect(page.getByLabel('Recording link')).toHaveAttribute('aria-invalid', 'true')
		await expect(
			page.getByText('Enter the link as a web address starting with https:// or http://'),
		).toBeVisible()
		expect(await overflow(page), viewport.name).toBeLessThanOrEqual(0)

		await page.locator(`input[name="eventId"][value="${session.id}"]`).check()
		await page.getByLabel('Recording link').fill(`${link}-${viewport.name}`)
		await page.getByRole('button', { name: 'Save the link' }).click()
		await expect(page.getByText('Follow-up link saved')).toBeVisible()
		await expect(row).toContainText(`${link}-${viewport.name}`)
		await expect(row).toContainText('goes out once the session has ended')
		expect(await overflow(page), viewport.name).toBeLessThanOrEqual(0)
	}
	// Each setting is in the audit log.
	await page.goto('/admin/audit')
	await expect(page.getByText(`${link}-desktop`).first()).toBeVisible()
})

test('the day event is on the follow-ups page, and the owner sets its recordings link there', async ({
	page,
}, testInfo) => {
	const day = builtEventList().find(
		(event) => event.kind === 'day' && event.status !== 'cancelled',
	)!
	const link = `https://video.example/day-${testInfo.project.name}-${Date.now()}`
	await signInAsOwner(page)
	await page.goto('/admin/follow-ups')
	const row = page.getByRole('row').filter({ hasText: day.id })
	await expect(row).toContainText(/not ended yet|goes out once the day has ended/)

	await page.locator(`input[name="eventId"][value="${day.id}"]`).check()
	await expect(page.getByText(/^The day event: /)).toBeVisible()
	await page.getByLabel('Recording link').fill(link)
	await page.getByRole('button', { name: 'Save the link' }).click()
	await expect(page.getByText('Follow-up link saved')).toBeVisible()
	await expect(row).toContainText(link)
	await expect(row).toContainText('goes out once the day has ended')
})
