import { expect, test } from '@playwright/test'
import { address, inbox } from './inbox'

// The German site (decision 173), with JavaScript on (project js) and off (project no-js): the
// workshop sign-up's field message, answer page and confirmation e-mail in German.

test('a German workshop sign-up: the field message, the answer page and the e-mail in German', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'german')
	await page.goto('/de/workshop')
	await expect(page.locator('html')).toHaveAttribute('lang', 'de')
	const field = page.getByLabel('E-Mail-Adresse')
	await page.getByLabel('Vorname (optional)').fill('Grete')
	await field.fill('keine-adresse')
	await page.getByRole('button', { name: 'Für den Workshop anmelden' }).click()
	await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeVisible()
	await expect(field).toHaveAttribute('aria-invalid', 'true')

	await field.fill(email)
	await page.getByRole('button', { name: 'Für den Workshop anmelden' }).click()
	await expect(page).toHaveURL(/\/de\/workshop\/enrolled\?session=workshop-[\d-]+$/)
	await expect(page.getByRole('heading', { name: 'Sie sind angemeldet' })).toBeVisible()
	expect((await inbox(page, email)).map((mail) => mail.subject)).toEqual([
		'Sie sind für den kostenlosen Workshop angemeldet',
	])
})
