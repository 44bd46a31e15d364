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

test("the footer's language switch goes to the page's twin and back, and the cookie keeps the choice", async ({
	page,
}) => {
	await page.goto('/workshop')
	await page.getByRole('contentinfo').getByRole('link', { name: 'Diese Seite auf Deutsch' }).click()
	await expect(page).toHaveURL(/\/de\/workshop$/)
	await expect(page.locator('html')).toHaveAttribute('lang', 'de')
	await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible()
	// The cookie now says German: an English URL of a translated page sends the reader to /de.
	await page.goto('/blog')
	await expect(page).toHaveURL(/\/de\/blog$/)
	await page.getByRole('contentinfo').getByRole('link', { name: 'This page in English' }).click()
	await expect(page).toHaveURL(/\/blog$/)
	await expect(page.locator('html')).toHaveAttribute('lang', 'en')
	await page.goto('/workshop')
	await expect(page).toHaveURL(/\/workshop$/)
})

test('an unknown German address answers a German 404 page', async ({ page }) => {
	const response = await page.goto('/de/keine-seite')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Nicht gefunden' })).toBeVisible()
	await expect(page.getByText('Seite nicht gefunden: /de/keine-seite')).toBeVisible()
	await page.getByRole('button', { name: 'Zurück zur Startseite' }).click()
	// A GET form with no fields: the address ends in an empty query.
	await expect(page).toHaveURL(/\/de\??$/)
	await expect(page.locator('html')).toHaveAttribute('lang', 'de')
})
