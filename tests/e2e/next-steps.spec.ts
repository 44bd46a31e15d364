import { expect, type Page, test } from '@playwright/test'
import { address, inbox } from './inbox'

// After every action the page says what happens next and links onward (docs/decisions/089),
// with JavaScript on (project js) and off (project no-js); the e-mail carries the calendar file.

/** The calendar file attached to a message (base64 in the MIME part), decoded; '' if none. */
function attachedCalendar(raw: string): string {
	const start = raw.indexOf('Content-Type: text/calendar')
	if (start < 0) return ''
	const body = raw.slice(start).split(/\r?\n\r?\n/)[1] ?? ''
	return Buffer.from(body.split('--')[0]!.replace(/\s/g, ''), 'base64').toString('utf8')
}

async function expectOnward(page: Page) {
	await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible()
	const onward = page.getByRole('navigation', { name: 'Keep going' })
	await expect(onward.getByRole('link', { name: /Read the blog/ })).toHaveAttribute('href', '/blog')
	await expect(onward.getByRole('link', { name: /Get the cheatsheets/ })).toHaveAttribute(
		'href',
		'/cheatsheets',
	)
}

test('the workshop sign-up ends on next steps with the sessions to add to a calendar', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'next-workshop')
	await page.goto('/workshop')
	await page.getByLabel('E-mail address').fill(email)
	await page.getByRole('button', { name: 'Sign up for the workshop' }).click()
	await expect(page).toHaveURL(/\/workshop\/enrolled\?session=workshop-[\d-]+$/)
	await expectOnward(page)
	// The place is held until the e-mail's link is followed (decision 131).
	await expect(
		page.getByText(
			/^Check your inbox: your seat in .+ is yours once you follow the link in the e-mail we sent/,
		),
	).toBeVisible()
	await expect(
		page.getByText(/follow its link within \d+ hours: until then your seat is only held/),
	).toBeVisible()
	await expect(page.getByText('We e-mail you a reminder with your joining link.')).toBeVisible()
	await expect(
		page.getByRole('link', { name: /^Add to calendar \(\.ics\)/ }).first(),
	).toHaveAttribute('href', /^\/calendar\/workshop-[\d-]+\.ics$/)
	const [mail] = await inbox(page, email)
	expect(mail?.text).toContain('What happens next')
	expect(attachedCalendar(mail?.text ?? '')).toMatch(/^BEGIN:VEVENT\r$/m)
	expect(attachedCalendar(mail?.text ?? '')).toMatch(/^UID:workshop-[\d-]+@127\.0\.0\.1\r$/m)
})

test('the day-event registration says which e-mail to open and for how long', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'next-day')
	await page.goto('/ai-driven-development-day')
	await page.getByLabel('E-mail address').fill(email)
	await page.getByRole('button', { name: 'Register' }).click()
	await expect(page).toHaveURL(/\/ai-driven-development-day\/enrolled$/)
	await expectOnward(page)
	await expect(page.getByText(/it works for 7 days/)).toBeVisible()
	await expect(page.getByRole('link', { name: /Get passes for your team/ })).toHaveAttribute(
		'href',
		'/ai-driven-development-day#passes',
	)
	const [mail] = await inbox(page, email)
	expect(attachedCalendar(mail?.text ?? '')).toMatch(
		/^UID:ai-driven-development-day-\d+@127\.0\.0\.1\r$/m,
	)
})

test('the course-interest confirmation shows when the course opens', async ({ page }, testInfo) => {
	await page.goto('/')
	const form = page.locator('#interest')
	await form.getByLabel('E-mail address').fill(address(testInfo, 'next-course'))
	await form.getByRole('button', { name: 'Keep me posted' }).click()
	await expect(page).toHaveURL(/\/enrolled$/)
	await expectOnward(page)
	await expect(
		page.getByRole('link', { name: 'Add to calendar (.ics) for AI Driven Dev opens' }),
	).toBeVisible()
})

test('a thank-you page opened by anyone but the buyer still leads onward, naming no address', async ({
	page,
}) => {
	await page.goto('/checkout/success')
	await expectOnward(page)
	await expect(page.getByText('@')).toHaveCount(0)
})
