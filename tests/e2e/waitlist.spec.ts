import { type Browser, expect, type Page, test } from '@playwright/test'
import { createLinkToken } from '~/models/links/signed-token.server'
import {
	adminURL,
	E2E_SESSION_SECRET,
	E2E_WAITLIST_COURSE_SLOTS,
	mailURL,
	waitlistURLs,
} from '../../playwright.config'
import { hydrated } from './hydration'
import { address, inbox, type Mail } from './inbox'
import { signInAsOwner } from './sign-in'

// The waiting list's form (docs/decisions/120, 130), with JavaScript on (project js) and off
// (project no-js): the form a sold-out product page shows (its page at /waitlist). On the shared
// e2e site every product is on sale, so joining is refused with the message beside the form and
// nothing is sent (decision 130); a bad address is explained beside the field first. The
// confirmation page is opened here with a link signed as the site signs it.
//
// The sold-out path runs on a waiting-list site of each project's own (waitlistURLs in
// playwright.config.ts: ten seats, one buyer may hold them all), in order, so that selling out
// disturbs neither the specs that buy on the shared site nor the other project: another buyer
// holds every seat; a visitor joins, follows the confirmation e-mail's link, and gets the offer
// e-mail once that buyer cancels; its link leads to the payment page. The owner signs in there,
// sees a person whose offer is open, removes them, and the audit log says so.

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
	// The form's post is single fetch's data request (/waitlist.data?…).
	await page.route(/\/waitlist(\.data)?\?/, async (route) => {
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

// E-mails wait for the site's job queue, and an offer for the run that follows a cancelled hold:
// generous on a loaded machine.
const MAIL = { timeout: 30_000 }
const COURSE_FORM = '/waitlist?code=ai-driven-dev-preorder&region=GLOBAL'
// Another buyer's network (the sites trust one proxy hop): their holds are not the visitor's.
const OTHER_BUYER = { 'X-Forwarded-For': '198.51.100.7' }

/** The link in a message (its raw body may fold long lines with quoted-printable soft breaks). */
function linkIn(mail: Mail | undefined, path: string): string | undefined {
	const text = (mail?.text ?? '').replace(/=\r?\n/g, '')
	return text.match(new RegExp(`https?://\\S+?${path}[\\w.%-]+`))?.[0]
}

/** Everything the mail peer holds for `to` so far, without waiting for the site's queue as inbox() does. */
async function mailTo(page: Page, to: string): Promise<Mail[]> {
	const response = await page.request.get(`${mailURL}/messages?to=${encodeURIComponent(to)}`)
	return (await response.json()) as Mail[]
}

/** The messages with `subject` in `to`'s inbox, once some have arrived. */
async function mailsWith(page: Page, to: string, subject: string) {
	let found: Mail[] = []
	await expect
		.poll(async () => {
			found = (await mailTo(page, to)).filter((mail) => mail.subject === subject)
			return found.length
		}, MAIL)
		.toBeGreaterThan(0)
	return found
}

/**
 * Another buyer starts a checkout of the `seats` left, from their own browser: the course is sold
 * out while it holds. Returns their checkout page, whose "Cancel" gives the seats back.
 */
async function holdEverySeat(browser: Browser, site: string, js: boolean, seats: number) {
	const context = await browser.newContext({
		baseURL: site,
		javaScriptEnabled: js,
		extraHTTPHeaders: OTHER_BUYER,
	})
	const page = await context.newPage()
	// The counters are cached for a few seconds (docs/decisions/071): wait for the seats left.
	await expect
		.poll(async () => {
			const course = await page.request.get('/api/course')
			return ((await course.json()) as { data: { available: number } }).data.available
		}, MAIL)
		.toBe(seats)
	await page.goto('/')
	const preOrder = page.getByRole('button', { name: 'Pre-order your seat' }).first()
	if (js) await hydrated(preOrder)
	await page.getByLabel('Quantity').first().fill(String(seats))
	await preOrder.click()
	await expect(page).toHaveURL(/\/checkout\/sandbox\//, { timeout: 15_000 })
	await expect(page.getByText(`${seats} × AI Driven Dev: pre-order seat`)).toBeVisible()
	return page
}

/** Joins the course's waiting list for one seat and follows the confirmation e-mail's link. */
async function joinAndConfirm(page: Page, email: string, site: string) {
	await page.goto(COURSE_FORM)
	await page.getByLabel('E-mail address').fill(email)
	await page.getByRole('button', { name: 'Join the waiting list' }).click()
	await expect(page).toHaveURL(/\/waitlist\/joined$/, { timeout: 15_000 })
	await expect(
		page.getByRole('heading', { name: 'Check your inbox to confirm your place' }),
	).toBeVisible()
	const [confirmation] = await mailsWith(
		page,
		email,
		'Confirm your place on the waiting list: AI Driven Dev: pre-order seat',
	)
	const link = linkIn(confirmation, '/waitlist/confirm/')
	expect(link?.startsWith(`${site}/waitlist/confirm/`)).toBe(true)
	await page.goto(link!)
	await expect(page.getByRole('heading', { name: "You're on the waiting list" })).toBeVisible()
}

/** The other buyer leaves their checkout: its seats go back, and the first person waiting is offered one. */
async function cancelHold(holder: Page) {
	await holder.getByRole('button', { name: 'Cancel and release my seats' }).click()
	await expect(holder).toHaveURL(/\/checkout\/processing\?/, { timeout: 15_000 })
	await holder.context().close()
}

test.describe('sold out, on a site of its own', () => {
	test.describe.configure({ mode: 'serial', timeout: 180_000 })
	test.use({
		// biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from it
		baseURL: async ({}, use, testInfo) =>
			use(waitlistURLs[testInfo.project.name as keyof typeof waitlistURLs]),
	})

	test('a visitor joins, confirms from the e-mail, and the offer that follows a cancelled hold leads to payment', async ({
		page,
		browser,
		baseURL,
	}, testInfo) => {
		const site = baseURL!
		const email = address(testInfo, 'waitlist-sold-out')
		const holder = await holdEverySeat(
			browser,
			site,
			testInfo.project.name === 'js',
			E2E_WAITLIST_COURSE_SLOTS,
		)

		// The course page's counters say what a buyer can take (issue 36 item 3): sold out, never
		// SPEC §9's shown capacity ("9 seats left"), the held seats said apart. The page is cached
		// for a few seconds (docs/decisions/071) after the holder's visit.
		await expect(async () => {
			await page.goto('/')
			await expect(page.getByTestId('seat-counters')).toHaveText('Sold out', { timeout: 1_000 })
		}).toPass({ timeout: 15_000 })
		await expect(page.getByTestId('seats-held')).toHaveText(
			`${E2E_WAITLIST_COURSE_SLOTS} more seats in checkouts in progress, back on sale unless paid`,
		)

		await page.goto(COURSE_FORM)
		await expect(page.getByRole('heading', { name: 'Join the waiting list' })).toBeVisible()
		const field = page.getByLabel('E-mail address')
		await field.fill('not-an-email')
		await page.getByRole('button', { name: 'Join the waiting list' }).click()
		await expect(page.getByText('Please enter a valid email address')).toBeVisible()
		await expect(field).toHaveAttribute('aria-invalid', 'true')

		await joinAndConfirm(page, email, site)
		await cancelHold(holder)
		const [offer] = await mailsWith(page, email, 'Your turn: AI Driven Dev: pre-order seat')
		// One confirmation, one offer.
		expect((await mailTo(page, email)).map((mail) => mail.subject)).toEqual([
			'Confirm your place on the waiting list: AI Driven Dev: pre-order seat',
			'Your turn: AI Driven Dev: pre-order seat',
		])
		const link = linkIn(offer, '/waitlist/offer/')
		expect(link?.startsWith(`${site}/waitlist/offer/`)).toBe(true)
		await page.goto(link!)
		await expect(page.getByRole('heading', { name: 'Your turn' })).toBeVisible()
		await expect(
			page.getByText(/1 × AI Driven Dev: pre-order seat is held for you until/),
		).toBeVisible()
		await page.getByRole('button', { name: 'Continue to payment' }).click()
		await expect(page).toHaveURL(/\/checkout\/sandbox\//, { timeout: 15_000 })
		await expect(page.getByText('1 × AI Driven Dev: pre-order seat')).toBeVisible()

		// The offer is paid under the address it went to, and its thank-you page is the buyer's
		// own: what they bought and their invoice, made out to their name (docs/decisions/152).
		const emailField = page.getByLabel('Email')
		await expect(emailField).toHaveValue(email)
		await expect(emailField).not.toBeEditable()
		await page.getByLabel('Your name').fill('Ada Lovelace')
		await page.getByLabel('Card number').fill('4242 4242 4242 4242')
		await page.getByLabel('Expiry (MM / YY)').fill('12 / 40')
		await page.getByLabel('CVC').fill('123')
		await page.getByRole('button', { name: /^Pay / }).click()
		await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({
			timeout: 15_000,
		})
		await expect(page.getByRole('heading', { name: 'What you bought' })).toBeVisible()
		await expect(page.getByText(`A receipt is on its way to ${email}.`)).toBeVisible()
		await page.getByRole('link', { name: 'Your invoice' }).click()
		await expect(page.getByText('Ada Lovelace')).toBeVisible()
	})

	test('the owner sees a person on the list with their offer, removes them, and the audit log says so', async ({
		page,
		browser,
		baseURL,
	}, testInfo) => {
		const site = baseURL!
		const email = address(testInfo, 'owner-waitlist')
		// The first visitor's offer still holds one seat.
		const holder = await holdEverySeat(
			browser,
			site,
			testInfo.project.name === 'js',
			E2E_WAITLIST_COURSE_SLOTS - 1,
		)
		await joinAndConfirm(page, email, site)

		await signInAsOwner(page)
		await page
			.getByRole('navigation', { name: 'Dashboard' })
			.getByRole('link', { name: 'Waiting list' })
			.click()
		await expect(page.getByRole('heading', { name: 'Waiting list' })).toBeVisible()
		const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })
		// Every seat is held: the owner's offer is refused, and the refusal names whom it is about
		// (an earlier offer's toast may still be on the page beside it).
		await row.getByRole('button', { name: 'Offer now' }).click()
		await expect(page.getByText(`Not enough seats are free for ${email} now`)).toBeVisible()

		await cancelHold(holder)
		await mailsWith(page, email, 'Your turn: AI Driven Dev: pre-order seat')
		await page.goto('/admin/waitlist')
		await expect(row).toContainText('offer open')
		await row.getByRole('button', { name: 'Remove' }).click()
		await expect(page.getByText(`Removed ${email} from the waiting list`)).toBeVisible()
		await expect(row).toContainText('removed')
		await page.goto('/admin/audit')
		await expect(page.getByText('waitlist-remove').first()).toBeVisible()
	})
})
