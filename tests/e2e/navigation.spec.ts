import { expect, test } from '@playwright/test'

// The site header (docs/decisions/085), with JavaScript on (project js) and off (project no-js).

const sections: [label: string, path: string][] = [
	['Course', '/'],
	['Workshop', '/workshop'],
	['Day event', '/ai-driven-development-day'],
	['Blog', '/blog'],
	['Cheatsheets', '/cheatsheets'],
]

test('every page has the main navigation, with the current page marked for assistive tech', async ({
	page,
}) => {
	for (const [current, path] of sections) {
		await page.goto(path)
		const nav = page.getByRole('navigation', { name: 'Main' })
		for (const [label, href] of sections) {
			const link = nav.getByRole('link', { name: label, exact: true })
			await expect(link).toHaveAttribute('href', href)
			if (label === current) await expect(link).toHaveAttribute('aria-current', 'page')
			else await expect(link).not.toHaveAttribute('aria-current')
		}
		await expect(
			page.getByRole('banner').getByRole('link', { name: 'AI-Driven Development' }),
		).toHaveAttribute('href', '/')
	}
})

test('a page below a section marks that section, and the course only on its own page', async ({
	page,
}) => {
	await page.goto('/blog/workflow/the-review-loop')
	const nav = page.getByRole('navigation', { name: 'Main' })
	await expect(nav.getByRole('link', { name: 'Blog', exact: true })).toHaveAttribute(
		'aria-current',
		'page',
	)
	await expect(nav.getByRole('link', { name: 'Course', exact: true })).not.toHaveAttribute(
		'aria-current',
	)
})

test('the navigation leads from a landing page to the blog and the cheatsheets', async ({
	page,
}) => {
	await page.goto('/ai-driven-development-day')
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Blog', exact: true })
		.click()
	await expect(page).toHaveURL(/\/blog$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible()
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Cheatsheets', exact: true })
		.click()
	await expect(page).toHaveURL(/\/cheatsheets$/)
})

test.describe('on a phone', () => {
	test.use({ viewport: { width: 375, height: 740 } })

	test('the menu is closed, opens from its button, and its links navigate', async ({ page }) => {
		await page.goto('/workshop')
		const nav = page.getByRole('navigation', { name: 'Main' })
		const blog = nav.getByRole('link', { name: 'Blog', exact: true })
		await expect(blog).toBeHidden()
		const toggle = nav.getByText('Open menu')
		await nav.locator('summary').click()
		await expect(blog).toBeVisible()
		await expect(toggle).toBeHidden()
		await expect(nav.locator('summary')).toContainText('Close menu')
		await expect(nav.getByRole('link', { name: 'Workshop', exact: true }).last()).toHaveAttribute(
			'aria-current',
			'page',
		)
		await blog.click()
		await expect(page).toHaveURL(/\/blog$/)
		// A new page starts with the menu closed again.
		await expect(
			page
				.getByRole('navigation', { name: 'Main' })
				.getByRole('link', { name: 'Cheatsheets', exact: true }),
		).toBeHidden()
	})

	test('the header fits the screen', async ({ page }) => {
		for (const path of ['/', '/workshop', '/blog']) {
			await page.goto(path)
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
			)
			expect(overflow, path).toBeLessThanOrEqual(0)
		}
	})
})

test('the inline stylesheet keeps the page styled through hydration and client-side navigation', async ({
	page,
}) => {
	const bodyBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
	await page.goto('/', { waitUntil: 'networkidle' })
	// Unstyled, the body would be transparent.
	expect(await bodyBackground()).not.toBe('rgba(0, 0, 0, 0)')
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Blog', exact: true })
		.click()
	await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible()
	expect(await bodyBackground()).not.toBe('rgba(0, 0, 0, 0)')
	expect(await page.locator('link[rel="stylesheet"][href*="tailwind"]').count()).toBe(0)
})
