import { expect, test } from '@playwright/test'
import { createLinkToken } from '~/models/signed-token.server'
import { adminURL, E2E_SESSION_SECRET } from '../../playwright.config'
import { address, inbox } from './inbox'
import { signInAsOwner } from './sign-in'

// The waiting list's form (docs/decisions/120, 130), with JavaScript on (project js) and off
// (project no-js): the form a sold-out product page shows (its page at /waitlist). On the shared
// e2e site every product is on sale, so joining is refused with the message beside the form and
// nothing is sent (decision 130); a bad address is explained beside the field first. Joining a
// sold-out product, following the confirmation e-mail's link and the offer that follows are
// tested against the build in tests/integration/waitlist-two-servers.test.ts (over HTTP) and
// waitlist-http.test.ts, and through the e-mails in tests/integration/waitlist.test.ts: no
// product can be sold out here without breaking the specs that buy in parallel. The confirmation page is opened here with a link signed as the site
// signs it.

const BROWSER =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
test.use({ userAgent: BROWSER })

const FORM = '/waitlist?code=ai-driven-development-day-pass&region=GLOBAL'

test('joining: a bad address is explained beside the field; while passes are on sale the form says to buy them, and nothing is sent', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'waitlist')
	await page.goto(FORM)
	await expect(page.getByRole('heading', { name: 'Join the waiting list' })).toBeVisible()
	// The order is explained before anyone joins.
	await expect(
		page.getByText(/they are offered in the order places were confirmed; if fewer come back/),
	).toBeVisible()
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
	await expect(page.getByRole('alert')).toHaveText('Seats are on sale: buy them directly')
	await expect(page).not.toHaveURL(/\/waitlist\/joined$/)
	await expect(page.getByLabel('Passes')).toHaveValue('2')
	expect(await inbox(page, email)).toEqual([])
})

test('a confirmation link whose day has passed says so and asks to join again', async ({
	page,
}) => {
	const token = createLinkToken(
		{ purpose: 'waitlist-confirm', subject: '1', expiresAt: new Date(Date.now() - 60_000) },
		E2E_SESSION_SECRET,
	)
	const response = await page.goto(`/waitlist/confirm/${encodeURIComponent(token)}`)
	expect(response?.status()).toBe(410)
	await expect(page.getByRole('heading', { name: 'This link has ended' })).toBeVisible()
	await expect(page.getByText('Join the waiting list again')).toBeVisible()
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
	await expect(page.getByRole('alert')).toHaveText('Seats are on sale: buy them directly', {
		timeout: 15_000,
	})
})

test.describe('the owner', () => {
	test.use({ baseURL: adminURL })
	test.describe.configure({ timeout: 60_000 })

	test('opens the waiting lists from the dashboard', async ({ page }) => {
		await signInAsOwner(page)
		await page
			.getByRole('navigation', { name: 'Dashboard' })
			.getByRole('link', { name: 'Waiting list' })
			.click()
		await expect(page.getByRole('heading', { name: 'Waiting list' })).toBeVisible()
	})
})
