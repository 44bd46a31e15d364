import { expect, test } from '@playwright/test'
import { adminURL } from '../../playwright.config'
import { address, inbox } from './inbox'
import { signInAsOwner } from './sign-in'

// The waiting list's form (docs/decisions/120), with JavaScript on (project js) and off (project
// no-js): the form a sold-out product page shows (its page at /waitlist, so the shared e2e site
// need not be sold out; a sold-out page is tested in tests/integration/waitlist-http.test.ts).
// A bad address is explained beside the field and changes nothing; joining lands on what
// happens next; seats are free on this site, so the offer comes at once, by e-mail, and its
// link leads to the payment page.

const BROWSER =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
test.use({ userAgent: BROWSER })

const FORM = '/waitlist?code=ai-driven-development-day-pass&region=GLOBAL'

test('joining: a bad address is explained beside the field, then the offer arrives and leads to payment', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'waitlist')
	await page.goto(FORM)
	await expect(page.getByRole('heading', { name: 'Join the waiting list' })).toBeVisible()
	const field = page.getByLabel('E-mail address')
	await page.getByLabel('Passes').fill('2')
	await field.fill('not-an-email')
	await page.getByRole('button', { name: 'Join the waiting list' }).click()
	await expect(page.getByText('Please enter a valid email address')).toBeVisible()
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByLabel('Passes')).toHaveValue('2')
	expect(await inbox(page, email)).toEqual([])

	await page.getByLabel('E-mail address').fill(email)
	await page.getByRole('button', { name: 'Join the waiting list' }).click()
	await expect(page).toHaveURL(/\/waitlist\/joined$/)
	await expect(page.getByRole('heading', { name: "You're on the waiting list" })).toBeVisible()

	const mails = await inbox(page, email)
	expect(mails.map((mail) => mail.subject)).toEqual(['Your turn: AI Driven Development Day pass'])
	const link = (mails[0]?.text ?? '')
		.replace(/=\r?\n/g, '')
		.match(/https?:\/\/\S+?\/waitlist\/offer\/[\w.%-]+/)?.[0]
	expect(link).toBeTruthy()
	await page.goto(link!)
	await expect(page.getByRole('heading', { name: 'Your turn' })).toBeVisible()
	await expect(
		page.getByText(/2 × AI Driven Development Day pass are held for you until/),
	).toBeVisible()
	await page.getByRole('button', { name: 'Continue to payment' }).click()
	await expect(page).toHaveURL(/\/checkout\/sandbox\//)
})

test('with JavaScript the button shows it is working while the form is sent', async ({
	page,
}, testInfo) => {
	test.skip(testInfo.project.name === 'no-js', 'a pending state needs JavaScript')
	await page.goto(FORM)
	await page.route('**/waitlist?*', async (route) => {
		if (route.request().method() === 'POST') await new Promise((done) => setTimeout(done, 500))
		await route.continue()
	})
	await page.getByLabel('E-mail address').fill(address(testInfo, 'pending'))
	const button = page.getByRole('button', { name: /Join the waiting list/ })
	await button.click()
	await expect(button).toHaveAttribute('data-pending', '')
	await expect(page).toHaveURL(/\/waitlist\/joined$/)
})

test.describe('the owner', () => {
	test.use({ baseURL: adminURL })
	test.describe.configure({ timeout: 60_000 })

	test('sees a person on the list with their offer, removes them, and the audit log says so', async ({
		page,
	}, testInfo) => {
		const email = address(testInfo, 'owner-waitlist')
		await page.goto(FORM)
		await page.getByLabel('E-mail address').fill(email)
		await page.getByRole('button', { name: 'Join the waiting list' }).click()
		await expect(page).toHaveURL(/\/waitlist\/joined$/)

		await signInAsOwner(page)
		await page
			.getByRole('navigation', { name: 'Dashboard' })
			.getByRole('link', { name: 'Waiting list' })
			.click()
		await expect(page.getByRole('heading', { name: 'Waiting list' })).toBeVisible()
		// Seats are free on this site: the offer was made at once.
		const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })
		await expect(row).toContainText('offer open')
		await row.getByRole('button', { name: 'Remove' }).click()
		await expect(page.getByText('Removed from the waiting list')).toBeVisible()
		await expect(row).toContainText('removed')
		await page.goto('/admin/audit')
		await expect(page.getByText('waitlist-remove').first()).toBeVisible()
	})
})
