import { expect, test } from '@playwright/test'
import { address } from './inbox'

// The rest of the German public pages (decision 178), with JavaScript on (project js) and off
// (project no-js): the profile and the survey with their field messages in German and their
// German answers, and the cheatsheets from the German index to a sheet framed in German.

test('the German profile form: German field messages, then saved, on its German page', async ({
	page,
}, testInfo) => {
	await page.goto('/de/onboarding')
	await expect(page.locator('html')).toHaveAttribute('lang', 'de')
	await expect(page.getByRole('heading', { name: 'Willkommen an Bord' })).toBeVisible()
	const email = page.getByLabel('E-Mail-Adresse')
	await page.getByLabel('Vorname').fill('Grete')
	await page.getByLabel('Nachname').fill('M')
	await email.fill('keine-adresse')
	await page.getByRole('button', { name: 'Profil speichern' }).click()
	await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeVisible()
	await expect(page.getByText('Der Nachname muss mindestens')).toBeVisible()
	await expect(email).toHaveAttribute('aria-invalid', 'true')

	await page.getByLabel('Nachname').fill('Müller')
	await email.fill(address(testInfo, 'profil'))
	await page.getByRole('button', { name: 'Profil speichern' }).click()
	await expect(page).toHaveURL(/\/de\/onboarding\?saved=1$/)
	await expect(page.getByRole('status')).toHaveText('Ihr Profil ist gespeichert.')
	await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()
})

test('the German insiders survey: the rating asked for in German, then thanks in German', async ({
	page,
}, testInfo) => {
	await page.goto('/de/post-insiders-survey')
	await page.getByLabel('E-Mail-Adresse').fill(address(testInfo, 'umfrage'))
	await page.getByRole('button', { name: 'Antworten senden' }).click()
	await expect(page.getByText('Bitte wählen Sie eine Bewertung von 1 bis 5')).toBeVisible()
	await page.getByLabel('5 · Ausgezeichnet').check()
	await page.getByRole('button', { name: 'Antworten senden' }).click()
	await expect(page).toHaveURL(/\/de\/post-insiders-survey\?thanks=1$/)
	await expect(page.getByText('Vielen Dank!')).toBeVisible()
})

test('the German cheatsheets: from the German index to a sheet that says it is not translated yet', async ({
	page,
}) => {
	await page.goto('/de/cheatsheets')
	await expect(page.getByRole('heading', { level: 1, name: 'Spickzettel' })).toBeVisible()
	await page.getByRole('link', { name: /Git/ }).first().click()
	await expect(page).toHaveURL(/\/de\/cheatsheets\/[\w-]+$/)
	await expect(page.getByText('Diese Seite ist noch nicht übersetzt')).toBeVisible()
	await page.getByRole('link', { name: '← Alle Spickzettel' }).click()
	await expect(page).toHaveURL(/\/de\/cheatsheets$/)
})
