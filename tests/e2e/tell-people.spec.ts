import { expect, test } from '@playwright/test'
import { baseURL } from '../../playwright.config'
import { address, inbox } from './inbox'
import { payInSandbox } from './pay'

// Telling people what happened (issue 25, items 8-9; docs/decisions/113), with JavaScript on
// (project js) and off (project no-js), on a site with no SITE_URL: the receipt carries the
// pass links and the calendar file from the address the site listens on, and claiming a pass
// e-mails its holder the event with its calendar file, once.

/** The calendar file attached to a message (base64 in the MIME part), decoded; '' if none. */
function attachedCalendar(raw: string): string {
	const start = raw.indexOf('Content-Type: text/calendar')
	if (start < 0) return ''
	const body = raw.slice(start).split(/\r?\n\r?\n/)[1] ?? ''
	return Buffer.from(body.split('--')[0]!.replace(/\s/g, ''), 'base64').toString('utf8')
}

test('a pass receipt carries each pass link and the calendar file; a claimed pass e-mails its holder the day, once', async ({
	page,
}, testInfo) => {
	const buyer = address(testInfo, 'tell-buyer')
	const holder = address(testInfo, 'tell-holder')
	await payInSandbox(page, buyer, { product: 'passes', quantity: 2 })
	await expect(page.getByRole('heading', { name: 'Your passes' })).toBeVisible()

	const [receipt, ...more] = await inbox(page, buyer)
	expect(more).toEqual([])
	expect(receipt?.subject).toMatch(/^Your receipt for order /)
	expect(receipt?.text).toContain('Keep one pass and send the others to your team')
	expect(receipt?.text).not.toContain('course opens')
	const passLinks = receipt?.text.match(/http:\/\/[^\s"<]+\/pass\/[A-Za-z0-9_-]{22}/g) ?? []
	expect(new Set(passLinks).size).toBe(2)
	for (const link of passLinks) expect(link.startsWith(`${baseURL}/pass/`)).toBe(true)
	expect(attachedCalendar(receipt?.text ?? '')).toMatch(/^BEGIN:VEVENT\r$/m)

	await page.getByRole('link', { name: 'Pass 1' }).click()
	await page.getByLabel('Name').fill('Grace Hopper')
	await page.getByLabel('Email').fill(holder)
	await page.getByRole('button', { name: 'Claim pass' }).click()
	await expect(page.getByRole('heading', { name: 'Your pass is claimed' })).toBeVisible()
	// The seat link's page names no address, not even the holder's (decision 132).
	await expect(
		page.getByText(
			'A confirmation with the date and the calendar file is on its way to the address given with the claim.',
		),
	).toBeVisible()
	await expect(page.getByText(holder)).toHaveCount(0)

	const mails = await inbox(page, holder)
	expect(mails.map((mail) => mail.subject)).toEqual([
		'Your AI Driven Development Day pass is confirmed',
	])
	expect(mails[0]!.text).toContain('Hi Grace Hopper,')
	expect(attachedCalendar(mails[0]!.text)).toMatch(
		/^UID:ai-driven-development-day-\d+@127\.0\.0\.1\r$/m,
	)
	// The buyer was told nothing more; the holder once.
	expect(await inbox(page, buyer)).toHaveLength(1)
})

test('a course receipt talks about seats and access, not passes', async ({ page }, testInfo) => {
	const buyer = address(testInfo, 'tell-seat')
	await payInSandbox(page, buyer)
	const [receipt] = await inbox(page, buyer)
	expect(receipt?.text).toContain('Your seat is saved in your name.')
	expect(receipt?.text).toContain('When the course opens, we e-mail your access')
	expect(receipt?.text).not.toMatch(/claim your pass/i)
	expect(receipt?.text).toContain(`${baseURL}/checkout/`)
	expect(attachedCalendar(receipt?.text ?? '')).toMatch(/^UID:course-release@127\.0\.0\.1\r$/m)
})
