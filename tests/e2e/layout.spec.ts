import { expect, test } from '@playwright/test'

test('the lead layout has the logo, the page and a "Powered By" footer with the sponsor', async ({
	page,
}) => {
	await page.goto('/enrolled')
	await expect(page.getByRole('link', { name: 'AI-Driven Development' }).first()).toHaveAttribute(
		'href',
		'/',
	)
	const footer = page.getByRole('contentinfo')
	await expect(footer).toContainText('Powered By')
	await expect(footer.getByRole('link', { name: 'AI Driven Dev' })).toHaveAttribute(
		'href',
		/^https:\/\//,
	)
})

test('the footer links to X, BlueSky, LinkedIn and Discord by name', async ({ page }) => {
	await page.goto('/')
	const footer = page.getByRole('contentinfo')
	const hosts: [RegExp, RegExp][] = [
		[/on X$/, /^https:\/\/x\.com\//],
		[/on BlueSky$/, /^https:\/\/bsky\.app\//],
		[/on LinkedIn$/, /^https:\/\/www\.linkedin\.com\//],
		[/Discord$/, /^https:\/\/discord\.gg\//],
	]
	for (const [name, href] of hosts) {
		await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href)
	}
})

test('before release the legal links are hidden', async ({ page }) => {
	await page.goto('/workshop')
	await expect(page.getByRole('navigation', { name: 'Legal' })).toHaveCount(0)
})

test('before release, the pages that sell link the privacy policy and the terms (pre_release sells)', async ({
	page,
}) => {
	for (const path of ['/', '/ai-driven-development-day']) {
		await page.goto(path)
		const legal = page.getByRole('navigation', { name: 'Legal' })
		await expect(legal.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
			'href',
			'/legal/privacy-policy',
		)
		await expect(legal.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
			'href',
			'/legal/terms-conditions',
		)
	}
})

test('the FAQ says where to write for ten or more seats', async ({ page }) => {
	await page.goto('/')
	await page.getByText('Do you offer team or company seats?').click()
	await expect(page.getByRole('link', { name: 'support@aidrivendev.com' })).toHaveAttribute(
		'href',
		'mailto:support@aidrivendev.com',
	)
})

test('the beta cookie reveals the legal links', async ({ page, context, baseURL }) => {
	await context.addCookies([{ name: 'beta', value: '1', url: baseURL! }])
	await page.goto('/workshop')
	const legal = page.getByRole('navigation', { name: 'Legal' })
	await expect(legal.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
		'href',
		'/legal/privacy-policy',
	)
	await expect(legal.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
		'href',
		'/legal/terms-conditions',
	)
})

test('the workshop has its own layout', async ({ page }) => {
	await page.goto('/workshop')
	await expect(page.getByText('Free workshop', { exact: true })).toBeVisible()
	await expect(page.getByRole('contentinfo')).toContainText('Powered By')
})
