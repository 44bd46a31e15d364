import { expect, type Page, test } from '@playwright/test'
import { hydrated, pageHydrated } from './hydration'

// The landing pages' sections (course sections, people, testimonials, the footer) load apart
// from the page and hydrate when their code is there (docs/decisions/141): no hydration error,
// the state a visitor gave them survives a revalidation, and their links are client-side
// navigations once hydrated.

/** Errors React or the page print while it starts (a hydration mismatch among them). */
function pageErrors(page: Page): string[] {
	const errors: string[] = []
	page.on('pageerror', (error) => errors.push(error.message))
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text())
	})
	return errors
}

/** Documents the page loads from now on: a client-side navigation loads none. */
function documentLoads(page: Page): string[] {
	const documents: string[] = []
	page.on('request', (request) => {
		if (request.resourceType() === 'document') documents.push(request.url())
	})
	return documents
}

async function expectCourseSections(page: Page) {
	const main = page.getByRole('main')
	for (const name of ['What you will learn', 'Curriculum', 'Who it is for'])
		await expect(main.getByRole('heading', { name, level: 2 })).toBeVisible()
	await expect(main.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible()
	await expect(page.getByRole('contentinfo').getByText('Powered By')).toBeVisible()
}

test.describe('page sections', () => {
	test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'what the browser runs')

	for (const path of ['/', '/workshop', '/ai-driven-development-day']) {
		test(`${path} hydrates its text and footer without an error, and the footer's links show`, async ({
			page,
		}) => {
			const errors = pageErrors(page)
			await page.goto(path, { waitUntil: 'networkidle' })
			const footer = page.getByRole('contentinfo')
			await hydrated(footer)
			await footer.scrollIntoViewIfNeeded()
			await footer.getByText('Powered By').click()
			await expect(footer.getByRole('link', { name: /on LinkedIn/ })).toBeVisible()
			expect(errors).toEqual([])
		})
	}

	test('a revalidation of / leaves the sections as they are: an open answer stays open', async ({
		page,
	}) => {
		await page.goto('/', { waitUntil: 'networkidle' })
		const faq = page.locator('#faq')
		await hydrated(faq)
		const question = faq.locator('summary').first()
		await question.click()
		await expect(faq.locator('details[open]')).toHaveCount(1)
		// The course link in the header leads to the page itself: a client-side navigation that
		// runs the loaders again and renders the page with their new data.
		const documents = documentLoads(page)
		const revalidated = page.waitForResponse((response) =>
			new URL(response.url()).pathname.endsWith('.data'),
		)
		await page
			.getByRole('navigation', { name: 'Main' })
			.getByRole('link', { name: 'Course' })
			.click()
		await revalidated
		await page.waitForLoadState('networkidle')
		await expect(faq.locator('details[open]')).toHaveCount(1)
		await expectCourseSections(page)
		expect(documents).toEqual([])
	})

	test('a client-side navigation to / renders the sections and the footer', async ({ page }) => {
		await page.goto('/blog', { waitUntil: 'networkidle' })
		await pageHydrated(page)
		const documents = documentLoads(page)
		await page
			.getByRole('navigation', { name: 'Main' })
			.getByRole('link', { name: 'Course' })
			.click()
		await expect(page).toHaveURL(/\/$/)
		await expectCourseSections(page)
		expect(documents).toEqual([])
	})

	test('a link in a page section is a client-side navigation to its page', async ({ page }) => {
		await page.goto('/', { waitUntil: 'networkidle' })
		const lesson = page.getByRole('link', { name: 'Read a free sample lesson from this module' })
		await hydrated(lesson)
		const documents = documentLoads(page)
		await lesson.click()
		await expect(page).toHaveURL(/\/lessons\/context-is-everything$/)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		expect(documents).toEqual([])
	})
})
