import { expect, type Page, test } from '@playwright/test'
import { pageHydrated } from './hydration'

// Text and links that need no JavaScript ship none. The course sections, the people and the
// testimonials are rendered to HTML by the server and sent with the page's data, a document's in
// its markup only (app/components/server-html.tsx, docs/decisions/147, 185): the browser shows that HTML, never
// fetches or hydrates their components, on the page it loads or after a client-side navigation,
// and their links are client-side navigations.

const SECTION_CODE = /\/assets\/(course-sections|people|sections)[-.][^/]*\.js$/

/** Paths of the sections' code the page fetches from now on (none should be). */
function sectionCode(page: Page): string[] {
	const fetched: string[] = []
	page.on('request', (request) => {
		const path = new URL(request.url()).pathname
		if (SECTION_CODE.test(path)) fetched.push(path)
	})
	return fetched
}

/** Errors React or the page print while it starts (a hydration mismatch among them). */
function pageErrors(page: Page): string[] {
	const errors: string[] = []
	page.on('pageerror', (error) => errors.push(error.message))
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text())
	})
	return errors
}

async function expectCourseSections(page: Page) {
	const main = page.getByRole('main')
	for (const name of ['What you will learn', 'Curriculum', 'Who it is for'])
		await expect(main.getByRole('heading', { name, level: 2 })).toBeVisible()
	await expect(main.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible()
	await expect(page.getByRole('contentinfo').getByText('Powered By')).toBeVisible()
}

test.describe('sections rendered by the server', () => {
	test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'what the browser runs')

	for (const path of ['/', '/ai-driven-development-day']) {
		test(`${path} keeps its sections as the server wrote them and fetches none of their code, even once the visitor scrolls and clicks`, async ({
			page,
		}) => {
			const fetched = sectionCode(page)
			const errors = pageErrors(page)
			await page.goto(path, { waitUntil: 'networkidle' })
			await pageHydrated(page)
			const footer = page.getByRole('contentinfo')
			await footer.scrollIntoViewIfNeeded()
			// The visitor's first click, which loads every island still waiting for one.
			await footer.getByText('Powered By').click()
			await page.waitForLoadState('networkidle')
			await expect(footer.getByRole('link', { name: /on LinkedIn/ })).toBeVisible()
			expect(await page.locator('[data-server-html] section').count()).toBeGreaterThan(0)
			expect(fetched).toEqual([])
			expect(errors).toEqual([])
		})
	}

	test('a revalidation of / leaves the sections as they are: an open answer stays open, and no code is fetched', async ({
		page,
	}) => {
		const fetched = sectionCode(page)
		await page.goto('/', { waitUntil: 'networkidle' })
		await pageHydrated(page)
		const faq = page.locator('#faq')
		const question = faq.locator('summary').first()
		await question.click()
		await expect(faq.locator('details[open]')).toHaveCount(1)
		// The course link in the header leads to the page itself: a client-side navigation that
		// runs the loaders again and renders the page with their new data.
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
		expect(fetched).toEqual([])
	})

	test('a client-side navigation to / shows the sections from the page data, with no code for them', async ({
		page,
	}) => {
		await page.goto('/blog', { waitUntil: 'networkidle' })
		await pageHydrated(page)
		const fetched = sectionCode(page)
		const documents: string[] = []
		page.on('request', (request) => {
			if (request.resourceType() === 'document') documents.push(request.url())
		})
		await page
			.getByRole('navigation', { name: 'Main' })
			.getByRole('link', { name: 'Course' })
			.click()
		await expect(page).toHaveURL(/\/$/)
		await expectCourseSections(page)
		expect(documents).toEqual([])
		expect(fetched).toEqual([])
	})

	test('when React renders / afresh after a hydration error, the sections stay as the document showed them, with no request for them', async ({
		page,
	}) => {
		// A document whose heading differs from what React renders: React throws its hydration
		// away and renders the page on the client. The page's data carries only the sections'
		// digests (decision 185); their HTML must come from the document itself.
		await page.route(
			(url) => url.pathname === '/',
			async (route) => {
				const response = await route.fetch()
				const body = (await response.text()).replace('</h1>', ' (changed)</h1>')
				await route.fulfill({ response, body })
			},
		)
		const warnings: string[] = []
		page.on('console', (message) => {
			if (message.type() === 'warning') warnings.push(message.text())
		})
		const dataRequests: string[] = []
		page.on('request', (request) => {
			if (new URL(request.url()).pathname.endsWith('.data')) dataRequests.push(request.url())
		})
		await page.goto('/', { waitUntil: 'networkidle' })
		await pageHydrated(page)
		await expect.poll(() => warnings.join('\n')).toContain('Error while mounting the app')
		await expect(page.getByRole('heading', { level: 1 })).not.toContainText('(changed)')
		await expectCourseSections(page)
		expect(await page.locator('[data-server-html] section').count()).toBeGreaterThan(0)
		expect(dataRequests).toEqual([])
	})

	test('a link in a section is a client-side navigation to its page', async ({ page }) => {
		await page.goto('/', { waitUntil: 'networkidle' })
		await pageHydrated(page)
		const documents: string[] = []
		page.on('request', (request) => {
			if (request.resourceType() === 'document') documents.push(request.url())
		})
		await page.getByRole('link', { name: 'Read a free sample lesson from this module' }).click()
		await expect(page).toHaveURL(/\/lessons\/context-is-everything$/)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		expect(documents).toEqual([])
	})
})

test('without JavaScript the sections are there and their links lead to their pages', async ({
	page,
	javaScriptEnabled,
}) => {
	test.skip(javaScriptEnabled, 'the page as the server sent it')
	await page.goto('/')
	await expectCourseSections(page)
	await page.getByRole('link', { name: 'Read a free sample lesson from this module' }).click()
	await expect(page).toHaveURL(/\/lessons\/context-is-everything$/)
})
