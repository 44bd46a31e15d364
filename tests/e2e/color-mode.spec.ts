import { expect, test } from '@playwright/test'
import { hydrated } from './hydration'

const html = (page: import('@playwright/test').Page) => page.locator('html')

test('dark is the default when no colour mode is stored', async ({ page }) => {
	await page.goto('/workshop')
	await expect(html(page)).toHaveClass('dark')
})

test('the toggle cycles dark → light → system → dark and the choice persists', async ({
	page,
}, testInfo) => {
	const withJs = testInfo.project.name === 'js'
	await page.goto('/workshop')
	if (withJs) await hydrated(page.getByRole('button', { name: 'Switch to light mode' }))
	// With JavaScript the switch happens without a reload: this marker would not survive one.
	if (withJs) await page.evaluate(() => Object.assign(window, { __noReload: true }))

	// Each click shows the new mode at once; with JavaScript, wait for it to be saved too.
	const toggle = async (name: string) => {
		const saved = withJs
			? page.waitForResponse((response) => response.url().includes('/resources/color-mode'))
			: undefined
		await page.getByRole('button', { name }).click()
		await saved
	}
	await toggle('Switch to light mode')
	await expect(html(page)).toHaveClass('light')
	await expect(page).toHaveURL(/\/workshop$/)
	await toggle('Use system colour mode')
	await expect(html(page)).toHaveClass('system')
	await toggle('Switch to dark mode')
	await expect(html(page)).toHaveClass('dark')
	await toggle('Switch to light mode')
	await expect(html(page)).toHaveClass('light')
	if (withJs) expect(await page.evaluate(() => '__noReload' in window)).toBe(true)

	await page.reload()
	await expect(html(page)).toHaveClass('light')
	await page.goto('/enrolled')
	await expect(html(page)).toHaveClass('light')
})

test('the server renders the stored mode, so there is no flash', async ({
	page,
	context,
	baseURL,
}) => {
	await context.addCookies([{ name: 'color-mode', value: 'light', url: baseURL! }])
	const response = await page.goto('/workshop')
	expect(await response?.text()).toContain('<html lang="en" dir="ltr" class="light">')
})

test('system follows the operating system', async ({ page, context, baseURL }) => {
	await context.addCookies([{ name: 'color-mode', value: 'system', url: baseURL! }])
	await page.emulateMedia({ colorScheme: 'light' })
	await page.goto('/workshop')
	const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
	expect(await background()).toBe('rgb(255, 255, 255)')
	await page.emulateMedia({ colorScheme: 'dark' })
	expect(await background()).not.toBe('rgb(255, 255, 255)')
})

test('the home page forces dark and offers no toggle', async ({ page, context, baseURL }) => {
	await context.addCookies([{ name: 'color-mode', value: 'light', url: baseURL! }])
	await page.goto('/')
	await expect(html(page)).toHaveClass('dark')
	await expect(page.getByRole('button', { name: /mode/ })).toHaveCount(0)
})

test('the colour-mode cookie is HttpOnly and SameSite=Lax', async ({ request }) => {
	const response = await request.post('/resources/color-mode', {
		form: { mode: 'light', redirectTo: '/workshop' },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(302)
	expect(response.headers()['set-cookie']).toMatch(
		/^color-mode=light; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/,
	)
})

test('a bad colour mode is refused and changes nothing', async ({ request }) => {
	const response = await request.post('/resources/color-mode', { form: { mode: 'purple' } })
	expect(response.status()).toBe(400)
	expect(await response.json()).toEqual({ error: 'Choose dark, light or system' })
	expect(response.headers()['set-cookie']).toBeUndefined()
})

test('a redirect back goes only to this site', async ({ request }) => {
	const response = await request.post('/resources/color-mode', {
		form: { mode: 'light', redirectTo: '//evil.example/x' },
		maxRedirects: 0,
	})
	expect(response.headers().location).toBe('/')
})
