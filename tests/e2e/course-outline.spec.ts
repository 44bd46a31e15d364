import { expect, test } from '@playwright/test'

// The course outline offers one free sample lesson (content/lessons/, docs/decisions/087),
// readable with JavaScript on (project js) and off (project no-js).

test('the outline links a free sample lesson under its module, and the lesson leads back', async ({
	page,
}) => {
	await page.goto('/')
	const outline = page.locator('#curriculum')
	const name = 'Read a free sample lesson from this module'
	await expect(outline.getByRole('link', { name })).toHaveCount(1)
	const sample = outline
		.getByRole('listitem')
		.filter({ hasText: 'Context is everything' })
		.getByRole('link', { name })
	await expect(sample).toBeVisible()
	await sample.click()
	await expect(page).toHaveURL(/\/lessons\/context-is-everything$/)
	await expect(page.getByText('Free sample lesson', { exact: true })).toBeVisible()
	await expect(
		page.getByRole('heading', { level: 2, name: 'Exercise (ten minutes)' }),
	).toBeVisible()
	await page.getByRole('link', { name: '← The course outline' }).click()
	await expect(page).toHaveURL(/\/#curriculum$/)
})
