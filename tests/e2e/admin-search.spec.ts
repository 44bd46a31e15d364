import { expect, type Page, test } from '@playwright/test'
import { adminURL } from '../../playwright.config'
import { payByRequests, payInSandbox } from './pay'
import { signInAsOwner } from './sign-in'

// Find anyone and a person's page (issue 27, docs/decisions/114) on the second e2e site, where
// `mona` is the owner. Runs with JavaScript on and off, at a phone's width and a desktop's.
test.use({ baseURL: adminURL })
test.describe.configure({ timeout: 90_000 })

const WIDTHS = [
	{ name: 'phone', width: 375, height: 740 },
	{ name: 'desktop', width: 1280, height: 800 },
]

/** Signs in with the fake GitHub as `login` (its authorize URL approves `login=` at once). */

/** Buys `quantity` course seats in the sandbox as `email`, without a browser; the order id. */
function buySeats(page: Page, email: string, quantity: number): Promise<string> {
	return payByRequests(page, email, { origin: adminURL, quantity })
}

/** A review image (docs/screenshots/), kept in the test's output directory. */
async function reviewScreenshot(page: Page, name: string) {
	const path = test.info().outputPath(name)
	await page.screenshot({ path, fullPage: true })
	await test.info().attach(name, { path, contentType: 'image/png' })
}

/** How far the page is wider than the window (0 or less: no sideways scrolling). */
const overflow = (page: Page) =>
	page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test('the owner finds a buyer by the start of their address and sees everything about them', async ({
	page,
}, testInfo) => {
	const project = testInfo.project.name
	const email = `findable-${project}-${Date.now()}@example.com`
	const orderId = await buySeats(page, email, 2)
	await page.goto('/workshop')
	await page.getByLabel('E-mail address').fill(email)
	await page.getByRole('button', { name: 'Sign up for the workshop' }).click()
	await expect(page).toHaveURL(/\/workshop\/enrolled\?session=/)

	await signInAsOwner(page)
	await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
	for (const viewport of WIDTHS) {
		await page.setViewportSize(viewport)
		await page.goto('/admin')
		await page
			.getByRole('navigation', { name: 'Dashboard' })
			.getByRole('link', { name: 'Find anyone' })
			.click()
		await expect(page.getByRole('heading', { name: 'Find anyone', level: 1 })).toBeVisible()

		// Bad input: the message next to the box, and no results.
		const box = page.getByLabel('Order id, pass id, e-mail, name or company')
		await box.fill('x'.repeat(254))
		await box.evaluate((input: HTMLInputElement) => {
			input.removeAttribute('maxlength')
			input.value += 'xx'
		})
		await page.getByRole('button', { name: 'Search' }).click()
		await expect(page.getByText('Search for at most 254 characters')).toBeVisible()
		await expect(box).toHaveAttribute('aria-invalid', 'true')

		// The start of the address, in capitals: one person, linked by an opaque reference.
		await box.fill(`FINDABLE-${project.toUpperCase()}-`)
		await page.getByRole('button', { name: 'Search' }).click()
		await expect(page).toHaveURL(/\/admin\/search\?q=FINDABLE-/)
		const people = page.getByRole('list', { name: 'People' })
		const person = people.getByRole('link', { name: email })
		await expect(person).toBeVisible()
		await expect(people).toContainText('found in orders, sign-ups, e-mails sent')
		expect(await overflow(page), `search at ${viewport.width} px`).toBeLessThanOrEqual(0)
		if (project === 'js') await reviewScreenshot(page, `admin-search-${viewport.width}.png`)

		await person.click()
		await expect(page.getByRole('heading', { name: email, level: 1 })).toBeVisible()
		expect(page.url()).not.toMatch(/findable|example|@|%40/)
		await expect(
			page.getByText(
				/1 order · 2 seats bought · 0 seats held · 0 passes · 1 sign-up · \d e-mails?/,
			),
		).toBeVisible()
		// Two seats to share, one link each, neither claimed yet (docs/decisions/118).
		const seats = page.getByRole('region', { name: 'Passes and seats' }).getByRole('listitem')
		await expect(seats).toHaveCount(2)
		await expect(seats.first()).toContainText('seat · AI Driven Dev: pre-order seat · bought')
		await expect(seats.first()).toContainText('Not claimed yet')
		const orders = page.getByRole('region', { name: 'Orders' })
		await expect(orders.getByRole('link', { name: orderId })).toBeVisible()
		await expect(orders).toContainText('paid · 2 × AI Driven Dev: pre-order seat')
		await expect(page.getByRole('region', { name: 'Sign-ups' })).toContainText('workshop')
		await expect(
			page.getByRole('region', { name: 'E-mails sent' }).getByRole('link', {
				name: `Your receipt for order ${orderId}`,
			}),
		).toBeVisible()
		expect(await overflow(page), `person at ${viewport.width} px`).toBeLessThanOrEqual(0)
		if (project === 'js') await reviewScreenshot(page, `admin-person-${viewport.width}.png`)
	}

	// An action that applies is a link to the page that does it, which asks first.
	await page.getByRole('region', { name: 'Orders' }).getByRole('link', { name: 'Refund…' }).click()
	await expect(page).toHaveURL(`${adminURL}/admin/orders/${orderId}?confirm=refund`)
	await expect(page.getByRole('heading', { name: 'Refund this order?' })).toBeVisible()
	// A course order's links are its seats, each with a way to give it a new link.
	const seatLinks = page.getByRole('region', { name: 'Seats' })
	await expect(seatLinks.getByRole('columnheader', { name: 'Seat' })).toBeVisible()
	await expect(seatLinks.getByRole('link', { name: 'Reassign…' })).toHaveCount(2)
	await seatLinks.getByRole('link', { name: 'Reassign…' }).first().click()
	await expect(page.getByRole('heading', { name: 'Reassign this seat?' })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Reassign seat' })).toBeVisible()

	// The order id finds the order, and the buyer's page from there.
	await page.goto(`/admin/search?q=${orderId}`)
	await expect(page.getByRole('link', { name: orderId })).toHaveAttribute(
		'href',
		`/admin/orders/${orderId}`,
	)
	await expect(page.getByRole('link', { name: email })).toBeVisible()
})

test('the owner finds a buyer by the start of the company they gave for the invoice', async ({
	page,
}, testInfo) => {
	const tag = `${testInfo.project.name}${Date.now()}`
	const email = `company-buyer-${tag}@example.com`
	const company = `Zephyr${tag} Software GmbH`
	await payInSandbox(page, email, { company })

	await signInAsOwner(page)
	for (const viewport of WIDTHS) {
		await page.setViewportSize(viewport)
		await page.goto('/admin/search')
		const box = page.getByLabel('Order id, pass id, e-mail, name or company')
		await box.fill(`zephyr${tag.toLowerCase()} soft`)
		await page.getByRole('button', { name: 'Search' }).click()
		const people = page.getByRole('list', { name: 'People' })
		await expect(people.getByRole('link', { name: email })).toBeVisible()
		await expect(people).toContainText(company)
		expect(await overflow(page), `company search at ${viewport.width} px`).toBeLessThanOrEqual(0)
	}
})
