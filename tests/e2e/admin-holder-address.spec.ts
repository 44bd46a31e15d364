import { expect, type Page, test } from '@playwright/test'
import { adminURL, mailURL } from '../../playwright.config'
import { payByRequests } from './pay'
import { signInAsOwner } from './sign-in'

// Correcting a claimed holder's address (issue 36, item 13c; docs/decisions/157) on the order's
// page of the second e2e site (`mona` is the owner), with JavaScript on and off, at a phone's
// width and a desktop's: a confirmation step with the address field, a bad address refused
// beside it, then the new address shown as the holder's, the new holder e-mailed the seat's
// confirmation and the old address a notice. The e-mails' whole story is proved by
// tests/integration/holder-address.test.ts.
test.use({ baseURL: adminURL })
test.describe.configure({ timeout: 90_000 })

const WIDTHS = [
	{ name: 'phone', width: 375, height: 740 },
	{ name: 'desktop', width: 1280, height: 800 },
]

/** How far the page is wider than the window (0 or less: no sideways scrolling). */
const overflow = (page: Page) =>
	page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** The subjects of what arrived for `to` at the mail peer. */
async function mailSubjects(page: Page, to: string): Promise<string[]> {
	const response = await page.request.get(`${mailURL}/messages?to=${encodeURIComponent(to)}`)
	return ((await response.json()) as { subject: string }[]).map((mail) => mail.subject)
}

test('the owner corrects a claimed seat’s holder address, confirmed first; a bad address is refused beside the field', async ({
	page,
}, testInfo) => {
	const tag = `${testInfo.project.name}-${Date.now()}`
	const buyer = `team-${tag}@example.com`
	const orderId = await payByRequests(page, buyer, { origin: adminURL, quantity: 2 })
	await signInAsOwner(page)
	let holder = `typo-${tag}@example.con`
	// The seat is claimed with a mistyped address, from its link on the order's page.
	await page.goto(`/admin/orders/${orderId}`)
	const seats = page.getByRole('region', { name: 'Seats' })
	const seatId = (await seats.locator('td[data-label="Seat"] code').first().textContent())!
	await page.goto(`/pass/${seatId}`)
	await page.getByLabel('Name').fill('Grace Hopper')
	await page.getByLabel('Email').fill(holder)
	await page.getByRole('button', { name: 'Claim seat' }).click()
	await expect(page.getByRole('heading', { name: 'Your seat is claimed' })).toBeVisible()

	for (const viewport of WIDTHS) {
		await page.setViewportSize(viewport)
		const corrected = `right-${viewport.name}-${tag}@example.com`
		await page.goto(`/admin/orders/${orderId}`)
		await expect(seats.getByText(holder)).toBeVisible()
		await seats.getByRole('link', { name: `Correct the address of seat ${seatId}` }).click()
		await expect(page.getByRole('heading', { name: 'Correct the holder’s address?' })).toBeVisible()
		expect(await overflow(page), viewport.name).toBeLessThanOrEqual(0)
		const field = page.getByLabel('Holder’s correct e-mail')
		await field.fill('not an address')
		await page.getByRole('button', { name: 'Correct the address' }).click()
		await expect(field).toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByText('Please enter a valid email address')).toBeVisible()
		await field.fill(corrected)
		await page.getByRole('button', { name: 'Correct the address' }).click()
		await expect(page.getByText(`The seat's holder address is now ${corrected}.`)).toBeVisible()
		await expect(seats.getByText(corrected)).toBeVisible()
		await expect(seats.getByText(holder)).toHaveCount(0)
		expect(await overflow(page), viewport.name).toBeLessThanOrEqual(0)
		const old = holder
		await expect
			.poll(async () => [
				...(await mailSubjects(page, corrected)),
				...(await mailSubjects(page, old)),
			])
			.toEqual(
				expect.arrayContaining([
					expect.stringMatching(/is confirmed/),
					'Your AI Driven Dev: pre-order seat now goes to another address',
				]),
			)
		holder = corrected
	}
})
