import { expect, type Page, test } from '@playwright/test'

// The e2e server runs before release without GITHUB_CLIENT_ID: sign-in goes through the
// embedded GitHub emulator, as on a fresh clone. Runs with JavaScript on and off.

async function openEmulator(page: Page) {
	await page.goto('/onboarding')
	await page.getByRole('link', { name: 'Sign in with GitHub' }).click()
	await expect(page).toHaveURL(/\/__github-emulator\/login\/oauth\/authorize\?/)
	await expect(page.getByRole('heading', { name: 'GitHub sign-in emulator' })).toBeVisible()
	await expect(page.getByText('Local stand-in, not GitHub.')).toBeVisible()
}

test('a visitor signs in with GitHub and sees the profile filled in, then signs out', async ({
	page,
}) => {
	await openEmulator(page)
	await page.getByRole('button', { name: /Continue as mona/ }).click()

	await expect(page).toHaveURL(/\/onboarding$/)
	const profile = page.getByRole('region', { name: 'Your profile' })
	await expect(profile.getByTestId('profile-name')).toHaveText('Mona Lisa Octocat')
	await expect(profile.getByTestId('profile-email')).toHaveText('mona@example.com')
	await expect(profile.getByTestId('profile-github')).toHaveText('@mona')
	// The avatar really loads (same-origin emulator avatar, allowed by the CSP).
	const avatar = profile.locator('img')
	await expect(avatar).toHaveJSProperty('complete', true)
	expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
	await expect(page.getByRole('link', { name: 'Sign in with GitHub' })).toHaveCount(0)

	await profile.getByRole('button', { name: 'Sign out' }).click()
	await expect(page.getByRole('link', { name: 'Sign in with GitHub' })).toBeVisible()
	await expect(page.getByRole('region', { name: 'Your profile' })).toHaveCount(0)
})

test('names from GitHub are normalised before they are shown', async ({ page }) => {
	await openEmulator(page)
	await page.getByRole('button', { name: /Continue as jean-luc/ }).click()
	await expect(page.getByTestId('profile-name')).toHaveText('Jean-Luc Picard')
})

test('cancelling on GitHub explains what happened and offers to try again', async ({ page }) => {
	await openEmulator(page)
	await page.getByRole('button', { name: 'Cancel' }).click()
	await expect(page.getByRole('alert')).toHaveText(
		'You cancelled the sign-in on GitHub, so nothing was shared with us.',
	)
	await page.getByRole('link', { name: 'Try again' }).click()
	await expect(page.getByRole('heading', { name: 'GitHub sign-in emulator' })).toBeVisible()
	await page.getByRole('button', { name: /Continue as zoe/ }).click()
	await expect(page.getByTestId('profile-name')).toHaveText('Zoë Ångström')
})

test('an account without a verified e-mail gets a message, not a profile', async ({ page }) => {
	await openEmulator(page)
	await page.getByRole('button', { name: /Continue as unverified/ }).click()
	await expect(page.getByRole('alert')).toContainText('no verified primary e-mail address')
	await page.getByRole('link', { name: 'Continue without signing in' }).click()
	await expect(page).toHaveURL(/\/onboarding$/)
	await expect(page.getByRole('link', { name: 'Sign in with GitHub' })).toBeVisible()
})
