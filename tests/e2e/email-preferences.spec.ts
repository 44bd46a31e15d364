import { expect, type Page, test } from '@playwright/test'
import { hydrated } from './hydration'
import { address, inbox } from './inbox'

// The e-mail preferences page (docs/decisions/109), reached from the link in a sign-up's
// confirmation in the visitor's inbox (the mail peer), with JavaScript on (project js) and off
// (project no-js): its news button unsubscribes from news, then resubscribes; an event's reminders
// stop and resume on their own (docs/decisions/149).

/** Signs `email` up for the workshop; the preferences link of the confirmation that arrived. */
async function preferencesLinkFor(page: Page, email: string): Promise<string> {
	await page.goto('/workshop')
	await page.getByLabel('E-mail address').fill(email)
	await page.getByRole('button', { name: 'Sign up for the workshop' }).click()
	await expect(page).toHaveURL(/\/workshop\/enrolled/)
	const [mail] = await inbox(page, email)
	expect(mail?.text).toContain('Unsubscribe or manage your e-mail preferences')
	const link = mail?.text.match(/https?:\/\/\S+?\/email-preferences\?token=[\w.%-]+/)?.[0]
	expect(link).toBeTruthy()
	return link!
}

test('the link in a confirmation opens the preferences page, whose news button unsubscribes from news and then resubscribes', async ({
	page,
}, testInfo) => {
	const withJs = testInfo.project.name === 'js'
	const email = address(testInfo, 'preferences')
	const link = await preferencesLinkFor(page, email)

	await page.goto(link)
	await expect(page.getByRole('heading', { name: 'Your e-mail preferences' })).toBeVisible()
	await expect(page.getByText(email)).toBeVisible()
	await expect(page.getByText('You get our news')).toBeVisible()

	const unsubscribe = page.getByRole('button', { name: 'Unsubscribe from news' })
	if (withJs) await hydrated(unsubscribe)
	await unsubscribe.click()
	await expect(page.getByText('You are unsubscribed from news')).toBeVisible()
	// It is kept: the link opened again says so.
	await page.goto(link)
	await expect(page.getByText('You are unsubscribed from news')).toBeVisible()

	const resubscribe = page.getByRole('button', { name: 'Resubscribe to news' })
	if (withJs) await hydrated(resubscribe)
	await resubscribe.click()
	await expect(page.getByText('You get our news')).toBeVisible()
	await page.goto(link)
	await expect(page.getByRole('button', { name: 'Unsubscribe from news' })).toBeVisible()
})

test('an event’s reminders stop and resume on the preferences page, and news stays as it was', async ({
	page,
}, testInfo) => {
	const withJs = testInfo.project.name === 'js'
	const email = address(testInfo, 'event-reminders')
	const link = await preferencesLinkFor(page, email)
	// The confirmation's link confirms the place: then the session is the address's.
	const [mail] = await inbox(page, email)
	const confirm = mail?.text.match(/https?:\/\/\S+?\/workshop\/confirm\?token=[\w.%-]+/)?.[0]
	expect(confirm, 'the confirmation carries the link that confirms the place').toBeTruthy()
	// Opening it confirms: there is nothing to press (docs/decisions/131).
	await page.goto(confirm!)
	await expect(page.getByRole('heading', { name: 'Your place is confirmed' })).toBeVisible()
	await page.goto(link)
	await expect(
		page.getByRole('heading', { name: 'Reminders of what you signed up for' }),
	).toBeVisible()
	const stop = page.getByRole('button', { name: /^Stop reminders of / })
	if (withJs) await hydrated(stop)
	await stop.click()
	await expect(page.getByText('Reminders stopped: we send you none for this event.')).toBeVisible()
	await expect(page.getByText('You get our news')).toBeVisible()
	await page.goto(link)
	const resume = page.getByRole('button', { name: /^Resume reminders of / })
	if (withJs) await hydrated(resume)
	await resume.click()
	await expect(page.getByText(/^Reminders on: the day before/)).toBeVisible()
})

test('a preferences link that was cut or changed says so, with a way home', async ({ page }) => {
	const response = await page.goto('/email-preferences?token=not.ours')
	expect(response?.status()).toBe(400)
	await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible()
	await expect(
		page.getByText('Please open the link from one of our e-mails as it is'),
	).toBeVisible()
	await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible()
})
