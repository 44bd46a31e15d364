import { expect, type Locator, type Page, test } from '@playwright/test'
import { adminURL } from '../../playwright.config'
import { payByRequests } from './pay'
import { signInAsOwner } from './sign-in'

// Launch day at a glance (issue 27 item 1, docs/decisions/121) on the second e2e site, where
// `mona` is the owner: today and the last hour on the overview, at a phone's width and a
// desktop's. With JavaScript the figures update by themselves while the tab is visible, and
// stop while it is hidden; without, a Refresh link loads them again. With
// ADMIN_SCREENSHOTS=<dir>, the JavaScript run saves the overview at each width there.
test.use({ baseURL: adminURL })
test.describe.configure({ timeout: 120_000 })

// The e2e site leaves OWNER_TIME_ZONE unset: the course release's zone in content/site/events.yml.
const OWNER_ZONE = 'Europe/Berlin'

/** Buys `quantity` course seats in the sandbox, without a browser. */
async function buySeats(page: Page, quantity: number) {
	const email = `glance-${test.info().project.name}-${Date.now()}@example.com`
	await payByRequests(page, email, { origin: adminURL, quantity })
}

/** The number a figure of a period shows (`Orders paid` in `The last hour`). */
async function figure(period: Locator, label: string): Promise<number> {
	const value = await period
		.locator('dt', { hasText: new RegExp(`^${label}$`) })
		.locator('xpath=following-sibling::dd[1]')
		.textContent()
	return Number.parseInt(value ?? '', 10)
}

const todayInZone = () =>
	new Intl.DateTimeFormat('en-CA', { timeZone: OWNER_ZONE }).format(new Date()).slice(0, 10)

for (const [width, height] of [
	[375, 812],
	[1280, 800],
] as const) {
	test(`the overview shows today and the last hour at ${width} px, fresh without reloading the page by hand`, async ({
		page,
	}, testInfo) => {
		const js = testInfo.project.name === 'js'
		await page.setViewportSize({ width, height })
		const polls: string[] = []
		page.on('request', (request) => {
			if (new URL(request.url()).pathname === '/admin/at-a-glance') polls.push(request.url())
		})
		// The page's clock runs on from now and is moved on by hand where the test would otherwise
		// wait for the panel's timer (docs/decisions/180).
		if (js) await page.clock.install()
		await buySeats(page, 1)
		await signInAsOwner(page)

		const glance = page.getByRole('region', { name: 'At a glance' })
		const today = glance.getByRole('region', { name: `Today (${todayInZone()})` })
		const lastHour = glance.getByRole('region', { name: 'The last hour' })
		await expect(today).toBeVisible()
		await expect(lastHour).toBeVisible()
		await expect(glance).toContainText(`in ${OWNER_ZONE}`)
		for (const label of [
			'Orders paid',
			'Seats and passes sold',
			'Revenue',
			'Sign-ups',
			'Checkouts started',
			'Of those, paid',
			'E-mails that failed',
		]) {
			await expect(today.getByText(label, { exact: true })).toBeVisible()
			await expect(lastHour.getByText(label, { exact: true })).toBeVisible()
		}
		await expect(glance).toContainText(/Job queue: \d+ waiting, \d+ running/)
		expect(await figure(lastHour, 'Orders paid')).toBeGreaterThanOrEqual(1)
		await expect(page.getByText(`days in ${OWNER_ZONE}`)).toBeVisible()
		const overflow = await page.evaluate(
			() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
		)
		expect(overflow, `overview at ${width} px`).toBeLessThanOrEqual(0)
		const directory = process.env.ADMIN_SCREENSHOTS
		if (directory && js)
			await page.screenshot({
				path: `${directory}/admin-overview-${width}.png`,
				fullPage: true,
				animations: 'disabled',
			})

		const ordersBefore = await figure(lastHour, 'Orders paid')
		const seatsBefore = await figure(today, 'Seats and passes sold')
		await buySeats(page, 2)
		if (js) {
			await expect(glance).toContainText('Updates by itself every 15 seconds')
			await expect(glance.getByRole('link', { name: 'Refresh' })).toHaveCount(0)
			// Within fifteen seconds the panel asks again and shows the sale.
			await page.clock.runFor(15_000)
			await expect
				.poll(() => figure(lastHour, 'Orders paid'), { timeout: 20_000 })
				.toBeGreaterThanOrEqual(ordersBefore + 1)
			expect(await figure(today, 'Seats and passes sold')).toBeGreaterThanOrEqual(seatsBefore + 2)
			expect(polls.length).toBeGreaterThanOrEqual(1)

			// A hidden tab asks nothing, however long it stays hidden.
			await page.evaluate(() => {
				Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
				document.dispatchEvent(new Event('visibilitychange'))
			})
			const pollsWhileVisible = polls.length
			const ordersWhileVisible = await figure(lastHour, 'Orders paid')
			await buySeats(page, 1)
			await page.clock.runFor(17_000)
			expect(polls.length).toBe(pollsWhileVisible)
			expect(await figure(lastHour, 'Orders paid')).toBe(ordersWhileVisible)
			// Shown again: it asks at once.
			await page.evaluate(() => {
				Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
				document.dispatchEvent(new Event('visibilitychange'))
			})
			await expect.poll(() => polls.length).toBeGreaterThan(pollsWhileVisible)
			await expect
				.poll(() => figure(lastHour, 'Orders paid'))
				.toBeGreaterThanOrEqual(ordersWhileVisible + 1)
		} else {
			// Without JavaScript nothing changes by itself; the Refresh link shows the sale.
			const refresh = glance.getByRole('link', { name: 'Refresh' })
			await expect(refresh).toBeVisible()
			expect(await figure(lastHour, 'Orders paid')).toBe(ordersBefore)
			await refresh.click()
			await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
			expect(await figure(lastHour, 'Orders paid')).toBeGreaterThanOrEqual(ordersBefore + 1)
			expect(await figure(today, 'Seats and passes sold')).toBeGreaterThanOrEqual(seatsBefore + 2)
			expect(polls).toEqual([])
		}
	})
}

test('the figures resource answers the owner only, never cached', async ({ page }) => {
	const stranger = await page.request.get('/admin/at-a-glance')
	expect(stranger.status()).toBe(404)
	await signInAsOwner(page)
	const response = await page.request.get('/admin/at-a-glance')
	expect(response.status()).toBe(200)
	expect(response.headers()['cache-control']).toBe('private, no-store')
	const body = (await response.json()) as { timeZone: string; today: string }
	expect(body.timeZone).toBe(OWNER_ZONE)
	expect(body.today).toBe(todayInZone())
})
