import { expect, type Page, test } from '@playwright/test'
import { E2E_COURSE_URL, E2E_METRICS_TOKEN, mailURL, openedURLs } from '../../playwright.config'
import { decodedMail } from '../fakes/smtp'
import type { Mail } from './inbox'
import { payByRequests } from './pay'
import { signInAsOwnerConfirmed } from './sign-in'

// The course opens, and the site with it (issue 36 items 7 and 1; docs/decisions/156), on a site
// of its own per project (opening is for good: the other specs' sites stay before it), with
// JavaScript on (project js) and off (project no-js): before the opening the page sells a
// pre-order; the owner opens the course; then `/`, `/for/*` and `/api/course` say it is open, a
// buyer of seats nobody claimed gets their access with "2 seats still to hand out" and the link
// to do it, the claim page it leads to speaks of access now, and buying says access now.
test.describe.configure({ timeout: 180_000 })

const VISITOR_UA =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const siteOf = (project: string) => openedURLs[project === 'no-js' ? 'no-js' : 'js']
test.use({
	userAgent: VISITOR_UA,
	// biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
	baseURL: async ({}, use, testInfo) => use(siteOf(testInfo.project.name)),
})

/** What reached `to` once the site's queue is idle (the opening's send runs at its pace). */
async function inboxOf(page: Page, site: string, to: string): Promise<Mail[]> {
	await expect
		.poll(
			async () => {
				const health = await page.request.get(`${site}/healthz`, {
					headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` },
				})
				const { queue } = (await health.json()) as { queue?: { waiting: number; running: number } }
				return queue ? queue.waiting + queue.running : -1
			},
			{ timeout: 60_000 },
		)
		.toBe(0)
	const response = await page.request.get(`${mailURL}/messages?to=${encodeURIComponent(to)}`)
	return (await response.json()) as Mail[]
}

test('the course opens and the site with it: the pages and the API say open, an unclaimed seat’s access goes to its buyer with the seats to hand out, and buying says access now', async ({
	page: visitor,
	context,
	browser,
}, testInfo) => {
	const site = siteOf(testInfo.project.name)
	const buyer = `opened-buyer.${testInfo.project.name}.${Date.now()}@example.com`

	// Before the opening: a pre-order, and a buyer of two seats nobody has claimed.
	await visitor.goto('/')
	await expect(visitor.getByRole('heading', { name: 'Pre-order now' })).toBeVisible()
	expect((await (await visitor.request.get('/api/course')).json()).data.status).toBe('pre_order')
	const orderId = await payByRequests(visitor, buyer, { origin: site, quantity: 2 })

	// The owner opens the course on the dashboard.
	const owner = await browser.newPage({ baseURL: site, userAgent: VISITOR_UA })
	await signInAsOwnerConfirmed(owner)
	await owner.goto('/admin/messages')
	await owner.getByRole('link', { name: 'Open the course…' }).click()
	await expect(owner.getByRole('heading', { name: 'Open the course?' })).toBeVisible()
	// The buyer of the two unclaimed seats is the one person the send lists.
	await expect(owner.getByText('1 person gets their access e-mail')).toBeVisible()
	await owner.getByRole('button', { name: 'Yes, open the course' }).click()
	await expect(owner.getByText('Course access (the course opened)')).toBeVisible()

	// The pages and the API say it is open (the page cache keeps a page 3 s at most).
	await expect
		.poll(async () => (await (await visitor.request.get('/api/course')).json()).data.status, {
			timeout: 15_000,
		})
		.toBe('open')
	for (const path of ['/', '/for/react']) {
		await expect
			.poll(
				async () => {
					await visitor.goto(path)
					return visitor.getByRole('heading', { name: 'Enrol now' }).count()
				},
				{ timeout: 15_000 },
			)
			.toBe(1)
		await expect(visitor.getByText('The course is open. Enrol and start today')).toBeVisible()
		// The release date is gone: opened early, it would date the opening in the future.
		await expect(visitor.getByText('The course opens', { exact: true })).toHaveCount(0)
		await expect(visitor.getByText('Provisional date', { exact: true })).toHaveCount(0)
		await expect(visitor.locator('#pricing').getByText(/pre-order/i)).toHaveCount(0)
		await expect(visitor.getByRole('link', { name: 'Pre-order your seat' })).toHaveCount(0)
		await expect(visitor.getByRole('button', { name: 'Enrol: access now' }).first()).toBeVisible()
	}
	// With ADMIN_SCREENSHOTS=<dir>, the JavaScript run keeps `/` once open at each width, for
	// docs/screenshots/ (the review images of issue 36).
	const directory = process.env.ADMIN_SCREENSHOTS
	if (directory && testInfo.project.name === 'js')
		for (const width of [375, 1280]) {
			await visitor.setViewportSize({ width, height: 800 })
			await visitor.goto('/')
			await visitor.screenshot({
				path: `${directory}/home-open-${width}.png`,
				fullPage: true,
				animations: 'disabled',
			})
		}

	// The buyer's one e-mail: their access, and the two seats still to hand out with the link.
	const access = (await inboxOf(visitor, site, buyer)).filter((mail) =>
		mail.subject.includes('is open: your access'),
	)
	expect(access).toHaveLength(1)
	const text = decodedMail(access[0]!.text)
	expect(text).toContain(E2E_COURSE_URL)
	expect(text).toContain('2 seats still to hand out')
	const handOut = text.match(
		/http:\/\/[^\s"<\]]+\/checkout\/[A-Za-z0-9_-]{22}\/thank-you\?key=[A-Za-z0-9_.%-]+/,
	)?.[0]
	expect(handOut).toContain(`/checkout/${orderId}/thank-you?key=`)

	// The link opens the buyer's seats; a seat's claim page speaks of access now.
	const buyerPage = await context.newPage()
	await buyerPage.goto(handOut!.replace(/^http:\/\/[^/]+/, site))
	const seats = buyerPage.getByRole('region', { name: 'Your seats' })
	await expect(seats.getByRole('listitem')).toHaveCount(2)
	await seats.getByRole('link', { name: 'Seat 1' }).click()
	await expect(
		buyerPage.getByText('the course is open, and we e-mail them a confirmation now'),
	).toBeVisible()

	// Buying now: access now, not a pre-order.
	await visitor.goto('/')
	await visitor.getByRole('button', { name: 'Enrol: access now' }).first().click()
	await expect(visitor).toHaveURL(/\/checkout\/sandbox\/[A-Za-z0-9_-]{22}$/)
	await visitor.getByLabel('Email').fill(`late-${buyer}`)
	await visitor.getByLabel('Card number').fill('4242 4242 4242 4242')
	await visitor.getByLabel('Expiry (MM / YY)').fill('12 / 40')
	await visitor.getByLabel('CVC').fill('123')
	await visitor.getByRole('button', { name: /^Pay / }).click()
	await expect(visitor.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({
		timeout: 15_000,
	})
	await expect(
		visitor.getByText('The course is open: we e-mail you your access now.'),
	).toBeVisible()
	await expect(visitor.getByText('When the course opens')).toHaveCount(0)
})
