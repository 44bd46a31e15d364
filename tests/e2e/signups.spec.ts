import { expect, type Page, test } from '@playwright/test'
import { baseURL } from '../../playwright.config'
import { address, inbox } from './inbox'
import { signupLink } from './signup-link'

// Every sign-up form, with JavaScript on (project js) and off (project no-js): invalid input,
// a good submission, a double submission; the day-event link from the visitor's inbox (the mail
// peer, tests/fakes/mail-peer.js); one-click links;
// referral cookies; page views.

async function outboxSubjects(page: Page, to: string): Promise<string[]> {
	return (await inbox(page, to)).map((mail) => mail.subject)
}

test('workshop: invalid input is explained next to the field, then the sign-up lands on the confirmation', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'workshop')
	await page.goto('/workshop')
	const field = page.getByLabel('E-mail address')
	await page.getByLabel('First name (optional)').fill('ada')
	await field.fill('not-an-email')
	await page.getByRole('button', { name: 'Sign up for the workshop' }).click()
	await expect(page.getByText('Please enter a valid email address')).toBeVisible()
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByLabel('First name (optional)')).toHaveValue('ada')

	await field.fill(email)
	await page.getByRole('button', { name: 'Sign up for the workshop' }).click()
	await expect(page).toHaveURL(/\/workshop\/enrolled\?session=workshop-[\d-]+$/)
	await expect(page.getByRole('heading', { name: "You're signed up" })).toBeVisible()
	await page.goto('/workshop')
	await expect(page.getByText('signed up for the workshop. Watch your inbox')).toBeVisible()
	expect(await outboxSubjects(page, email)).toEqual(["You're signed up for the free workshop"])
})

test('workshop: a double submission signs up once', async ({ page }, testInfo) => {
	const email = address(testInfo, 'double')
	await page.goto('/workshop')
	await page.getByLabel('E-mail address').fill(email)
	await page.getByRole('button', { name: 'Sign up for the workshop' }).dblclick()
	await expect(page).toHaveURL(/\/workshop\/enrolled\?session=workshop-[\d-]+$/)
	expect(await outboxSubjects(page, email)).toEqual(["You're signed up for the free workshop"])
})

test('workshop: a page whose form was already sent for another address says so beside the form; sending again signs up', async ({
	page,
	request,
}, testInfo) => {
	const first = address(testInfo, 'token-first')
	const second = address(testInfo, 'token-second')
	await page.goto('/workshop')
	// The page's token, spent by someone else's submission (decision 137), from their own browser.
	const token = await page.locator('input[name="from__confirm"]').first().getAttribute('value')
	const spent = await request.post('/workshop?index', {
		form: { website: '', from__confirm: token!, email: first },
		headers: { Origin: baseURL },
		maxRedirects: 0,
	})
	expect(spent.status()).toBe(302)
	await page.getByLabel('E-mail address').fill(second)
	await page.getByLabel('First name (optional)').fill('Grace')
	await page.getByRole('button', { name: 'Sign up for the workshop' }).click()
	await expect(
		page.getByText(
			'This form was already sent with another address. Check the address and send it again.',
		),
	).toBeVisible()
	await expect(page.getByLabel('E-mail address')).toHaveValue(second)
	await expect(page.getByLabel('First name (optional)')).toHaveValue('Grace')
	expect(await inbox(page, second)).toEqual([])
	await page.getByRole('button', { name: 'Sign up for the workshop' }).click()
	await expect(page).toHaveURL(/\/workshop\/enrolled\?session=workshop-[\d-]+$/)
	expect(await outboxSubjects(page, second)).toEqual(["You're signed up for the free workshop"])
})

test('day event: registration sends a link; opening it completes the registration', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'day')
	await page.goto('/ai-driven-development-day')
	await page.getByLabel('E-mail address').fill('x@')
	await page.getByRole('button', { name: 'Register' }).click()
	await expect(page.getByText('Please enter a valid email address')).toBeVisible()
	await page.getByLabel('E-mail address').fill(email)
	await page.getByRole('button', { name: 'Register' }).click()
	await expect(page).toHaveURL(/\/ai-driven-development-day\/enrolled$/)
	await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()

	const [mail] = await inbox(page, email)
	const link = (mail?.text ?? '').match(
		/https?:\/\/\S+\/ai-driven-development-day\/confirm\?token=\S+/,
	)?.[0]
	expect(link).toBeTruthy()
	await page.goto(link!)
	await expect(page.getByRole('heading', { name: 'Your registration is complete' })).toBeVisible()
})

test('course interest on /: invalid, then "you\'re in"', async ({ page }, testInfo) => {
	await page.goto('/')
	const form = page.locator('#interest')
	await form.getByLabel('E-mail address').fill('nope')
	await form.getByRole('button', { name: 'Keep me posted' }).click()
	await expect(form.getByText('Please enter a valid email address')).toBeVisible()
	await form.getByLabel('E-mail address').fill(address(testInfo, 'course'))
	await form.getByRole('button', { name: 'Keep me posted' }).click()
	await expect(page).toHaveURL(/\/enrolled$/)
	await expect(page.getByRole('heading', { name: "You're in! We'll be in touch." })).toBeVisible()
})

test('onboarding: SPEC §5 messages, then the profile is saved with normalised names', async ({
	page,
}, testInfo) => {
	await page.goto('/onboarding')
	await page.getByLabel('First name').fill('A')
	await page.getByLabel('Avatar URL').fill('not a url')
	await page.getByRole('button', { name: 'Save profile' }).click()
	await expect(page.getByText('First name must be at least 2 characters')).toBeVisible()
	await expect(page.getByText('Please enter a valid URL for the avatar')).toBeVisible()
	await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true')

	await page.getByLabel('First name').fill('  aDA ')
	await page.getByLabel('Last name').fill('lovelace')
	await page.getByLabel('E-mail address').fill(address(testInfo, 'onboarding'))
	await page.getByLabel('Avatar URL').fill('')
	await page.getByRole('button', { name: 'Save profile' }).click()
	await expect(page.getByText('Your profile is saved.')).toBeVisible()
	await expect(page.getByLabel('First name')).toHaveValue('Ada')
	await expect(page.getByLabel('Last name')).toHaveValue('Lovelace')
})

test('insiders survey: a rating is required, then thanks', async ({ page }, testInfo) => {
	await page.goto('/post-insiders-survey')
	await page.getByLabel('E-mail address').fill(address(testInfo, 'survey'))
	await page.getByRole('button', { name: 'Send answers' }).click()
	await expect(page.getByText('Please choose a rating from 1 to 5')).toBeVisible()
	await page.getByLabel('5 · Excellent').check()
	await page.getByLabel('What helped you most?').fill('The live build')
	await page.getByLabel(/You may quote my answers/).check()
	await page.getByRole('button', { name: 'Send answers' }).dblclick()
	await expect(
		page.getByText('Thank you! Your answers help us make the course better.'),
	).toBeVisible()
})

test('a one-click link signs up (by itself with JavaScript, with one click without)', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'oneclick')
	// With JavaScript the form submits itself before any interaction: a navigation started by
	// code, which must not wait for the islands that wait for the visitor (the layout's toaster).
	await page.goto(signupLink(email, 'day_event').replace(baseURL, ''))
	if (testInfo.project.name === 'no-js') {
		await expect(page.getByText(`Sign up ${email} for AI Driven Development Day?`)).toBeVisible()
		await page.getByRole('button', { name: 'Confirm sign-up' }).click()
	}
	await expect(page).toHaveURL(/\/ai-driven-development-day\/enrolled$/)
	// Proven by the link: no confirmation e-mail is needed.
	expect(await outboxSubjects(page, email)).toEqual([])
})

test('a tampered one-click link says so and stores nothing', async ({ page }) => {
	await page.goto('/onboarding?signup=eyJlIjoiYUBiLmMifQ.forged')
	await expect(page.getByRole('alert')).toHaveText(/This sign-up link is not valid/)
	await expect(page.getByRole('button', { name: 'Confirm sign-up' })).toHaveCount(0)
})

test('?friend=KEY on a missing page sets the referral cookies for 30 days', async ({
	page,
	context,
}) => {
	const response = await page.goto('/no-such-page?friend=partner_7')
	expect(response?.status()).toBe(404)
	const cookies = await context.cookies()
	const key = cookies.find((c) => c.name === 'partner_key')
	const url = cookies.find((c) => c.name === 'referral_url')
	expect(key?.value).toBe('partner_7')
	expect(decodeURIComponent(url!.value)).toBe(`${baseURL}/no-such-page?friend=partner_7`)
	expect(key!.expires * 1000 - Date.now()).toBeGreaterThan(2_591_000_000)
	expect(key!.sameSite).toBe('Lax')
})

test('client-side navigation records page_view with the previous and current path; unset keys only warn', async ({
	page,
}, testInfo) => {
	test.skip(testInfo.project.name === 'no-js', 'page views are recorded by the browser')
	const warnings: string[] = []
	page.on('console', (message) => {
		if (message.type() === 'warning') warnings.push(message.text())
	})
	const outside: string[] = []
	page.on('request', (request) => {
		if (!request.url().startsWith(baseURL)) outside.push(request.url())
	})
	await page.goto('/')
	// Hydrated: the first page view is recorded.
	await page.waitForFunction(() =>
		((window as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).some(
			(e) => e.event === 'page_view',
		),
	)
	await page.locator('#interest').getByRole('link', { name: 'AI Driven Development Day' }).click()
	await expect(page).toHaveURL(/\/ai-driven-development-day$/)
	await expect
		.poll(() =>
			page.evaluate(() =>
				((window as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter(
					(e) => e.event === 'page_view',
				),
			),
		)
		.toEqual([
			{ event: 'page_view', previous_path: null, current_path: '/' },
			{
				event: 'page_view',
				previous_path: '/',
				current_path: '/ai-driven-development-day',
			},
		])
	await expect.poll(() => warnings.join('\n')).toContain('Customer-data write key not set')
	expect(warnings.join('\n')).toContain('Partner programme id not set')
	expect(outside).toEqual([])
})
