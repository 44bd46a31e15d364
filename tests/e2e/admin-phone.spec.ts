import { expect, type Page, test } from '@playwright/test'
import { formatInZone } from '~/domain/time'
import { adminURL } from '../../playwright.config'
import { payInSandbox } from './pay'
import { signInAsOwner } from './sign-in'

// The owner's dashboard on a phone and a desktop, readable lists, and the header's way out
// (docs/decisions/111), on the second e2e site (the owner is `mona` at the fake GitHub). Runs
// with JavaScript on and off. With ADMIN_SCREENSHOTS=<dir>, the JavaScript run saves each page
// at each width there (docs/screenshots/).
test.use({ baseURL: adminURL })
test.describe.configure({ timeout: 120_000 })

// The e2e site leaves OWNER_TIME_ZONE unset: the course release's zone in content/site/events.yml.
const OWNER_ZONE = 'Europe/Berlin'

const buyerEmail = (label: string) =>
	`${label}-${test.info().project.name}-${Date.now()}@example.com`

async function expectNoSidewaysScrolling(page: Page, what: string) {
	const { scrollWidth, innerWidth, widest } = await page.evaluate(() => ({
		scrollWidth: document.documentElement.scrollWidth,
		innerWidth: window.innerWidth,
		// What sticks out, to name in the failure.
		widest: [...document.querySelectorAll('body *')]
			.filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
			.slice(0, 3)
			.map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80)),
	}))
	expect(
		scrollWidth,
		`${what}: ${scrollWidth} px wide in a ${innerWidth} px window (${widest.join(', ')})`,
	).toBeLessThanOrEqual(innerWidth)
}

for (const [width, height] of [
	[375, 812],
	[1280, 800],
] as const) {
	test(`every dashboard page fits a ${width} px screen without sideways scrolling, with the way back to the site and sign-out in its header`, async ({
		page,
	}) => {
		await page.setViewportSize({ width, height })
		const email = buyerEmail(`phone-${width}`)
		const orderId = await payInSandbox(page, email)
		await signInAsOwner(page)
		await page.goto(`/admin/email?to=${encodeURIComponent(email)}`)
		await page.getByRole('link', { name: `Your receipt for order ${orderId}` }).click()
		await expect(page).toHaveURL(/\/admin\/email\/\d+$/)
		const emailPath = new URL(page.url()).pathname

		const pages = [
			['overview', '/admin', 'Overview'],
			['orders', '/admin/orders', 'Orders'],
			['orders-sorted', '/admin/orders?sort=amount&dir=asc', 'Orders'],
			['order', `/admin/orders/${orderId}`, `Order ${orderId}`],
			['leads', '/admin/leads', 'Leads'],
			['email', '/admin/email', 'E-mail'],
			['email-message', emailPath, `Your receipt for order ${orderId}`],
			['audit', '/admin/audit', 'Audit log'],
			// Issue 36: the follow-ups (decisions 157, 159), the waiting list, the coupon form with its
			// two new options (decision 158).
			['follow-ups', '/admin/follow-ups', 'Follow-ups'],
			['waitlist', '/admin/waitlist', 'Waiting list'],
			['coupon-new', '/admin/coupons/new', 'New coupon'],
		] as const
		for (const [name, path, heading] of pages) {
			await page.goto(path)
			await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
			await expectNoSidewaysScrolling(page, `${path} at ${width} px`)
			const directory = process.env.ADMIN_SCREENSHOTS
			if (directory && test.info().project.name === 'js')
				await page.screenshot({
					path: `${directory}/admin-${name}-${width}.png`,
					fullPage: true,
					animations: 'disabled',
				})
			if (name === 'order') {
				// Ids are random: the widest letters in every place must fit too.
				await page.getByRole('heading', { level: 1 }).evaluate((title) => {
					title.textContent = `Order ${'W'.repeat(22)}`
				})
				await expectNoSidewaysScrolling(page, `${path} at ${width} px, the widest id`)
			}
			const header = page.getByRole('banner')
			await expect(header.getByRole('link', { name: 'Back to the site' })).toBeVisible()
			await expect(header.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible()
			await expect(header.getByRole('navigation', { name: 'Dashboard' })).toBeVisible()
		}
	})
}

test("lists show product names, ids that copy whole, and times in the owner's zone with UTC on hover", async ({
	page,
}) => {
	const email = buyerEmail('readable')
	const orderId = await payInSandbox(page, email)
	await signInAsOwner(page)
	await page.goto(`/admin/orders?email=${encodeURIComponent(email)}`)
	const row = page.getByRole('row').filter({ hasText: email })
	await expect(row).toHaveCount(1)
	// The product's name, not its code.
	await expect(row).toContainText('1 × AI Driven Dev')
	await expect(row).not.toContainText('ai-driven-dev-preorder')
	// The id is a link, but not underlined: an underline hides an id's underscores.
	const link = row.getByRole('link', { name: orderId, exact: true })
	await expect(link).toHaveCSS('text-decoration-line', 'none')
	const copy = row.getByRole('button', { name: `Copy order id ${orderId}` })
	if (test.info().project.name === 'js') {
		// The button does what it says: the whole id, underscores and all, on the clipboard.
		await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
			origin: adminURL,
		})
		await copy.click()
		await expect(copy).toHaveText('Copied')
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(orderId)
	} else {
		// Without JavaScript there is no button that could not work.
		await expect(copy).toHaveCount(0)
	}
	// The owner's wall-clock time, and the stored UTC value on hover.
	const time = row.locator('time')
	const stored = (await time.getAttribute('datetime'))!
	await expect(time).toHaveText(formatInZone(stored, OWNER_ZONE))
	await expect(time).toHaveAttribute('title', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/)
	await expect(page.getByRole('banner')).toContainText(`times in ${OWNER_ZONE}`)

	await link.click()
	await expect(page.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible()
	// On the order's page the id is text to select whole.
	await expect(page.locator('main code', { hasText: orderId }).first()).toHaveCSS(
		'user-select',
		'all',
	)
})

test('sorting a list by a column header keeps its filters, turns round on a second click, and survives the filter form', async ({
	page,
}) => {
	await signInAsOwner(page)
	await page.goto('/admin/orders?status=paid')
	const amount = page.getByRole('columnheader', { name: /^Amount/ })
	await amount.getByRole('link').click()
	await expect(page).toHaveURL(/[?&]sort=amount(&|$)/)
	await expect(page).toHaveURL(/status=paid/)
	await expect(page.getByRole('columnheader', { name: /^Amount/ })).toHaveAttribute(
		'aria-sort',
		'descending',
	)
	await page
		.getByRole('columnheader', { name: /^Amount/ })
		.getByRole('link')
		.click()
	await expect(page).toHaveURL(/dir=asc/)
	await expect(page.getByRole('columnheader', { name: /^Amount/ })).toHaveAttribute(
		'aria-sort',
		'ascending',
	)
	// Applying a filter keeps the sort.
	await page.getByLabel('Status').selectOption('refunded')
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page).toHaveURL(/status=refunded/)
	await expect(page).toHaveURL(/sort=amount/)
	await expect(page).toHaveURL(/dir=asc/)

	// A sort that is not on the list's allow-list is the default order, never an error.
	const response = await page.request.get('/admin/orders?sort=email;drop&dir=sideways')
	expect(response.status()).toBe(200)
})

test('"Back to the site" leaves the dashboard for the home page', async ({ page }) => {
	await signInAsOwner(page)
	await page.getByRole('banner').getByRole('link', { name: 'Back to the site' }).click()
	await expect(page).toHaveURL(`${adminURL}/`)
	await expect(page.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0)
})
