import fs from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { adminURL } from '../../playwright.config'
import { payByRequests } from './pay'
import { signInAsOwnerConfirmed } from './sign-in'

// Money as an accountant reads it (issue 27 item 4, docs/decisions/124) on the second e2e site,
// where `mona` is the owner. Runs with JavaScript on and off, at a phone's width and a desktop's.
test.use({ baseURL: adminURL })
test.describe.configure({ timeout: 90_000 })

const WIDTHS = [
	{ name: 'phone', width: 375, height: 740 },
	{ name: 'desktop', width: 1280, height: 800 },
]

/** Buys a course seat in the sandbox as `email`, without a browser; the order id. */
function buySeat(page: Page, email: string): Promise<string> {
	return payByRequests(page, email, { origin: adminURL })
}

const overflow = (page: Page) =>
	page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** The "Per currency" table's USD row: its paid and refunded counts. */
async function usdCounts(page: Page) {
	const row = page
		.getByRole('region', { name: 'Per currency' })
		.getByRole('row')
		.filter({ hasText: 'USD' })
	const text = (await row.textContent()) ?? ''
	return {
		paid: Number(/(\d+) paid/.exec(text)?.[1] ?? Number.NaN),
		refunded: Number(/(\d+) refunds?\)/.exec(text)?.[1] ?? Number.NaN),
		text,
	}
}

test('the owner reads gross, refunded, net and the fee per currency, product and region, and downloads the CSV', async ({
	page,
}, testInfo) => {
	const project = testInfo.project.name
	const orderId = await buySeat(page, `money-${project}-${Date.now()}@example.com`)
	await signInAsOwnerConfirmed(page)
	await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
	await page
		.getByRole('navigation', { name: 'Dashboard' })
		.getByRole('link', { name: 'Money' })
		.click()
	await expect(page.getByRole('heading', { name: 'Money', level: 1 })).toBeVisible()
	await expect(page.getByText(/days in [A-Za-z_/]+/)).toBeVisible()
	const before = await usdCounts(page)
	expect(before.paid).toBeGreaterThanOrEqual(1)
	// The sandbox takes no fee, and the page says why there is none.
	await expect(
		page.getByRole('region', { name: 'Per currency' }).getByText('no fee (test mode)').first(),
	).toBeVisible()
	await expect(
		page
			.getByRole('region', { name: 'Per product' })
			.getByRole('cell', { name: 'AI Driven Dev: pre-order seat' }),
	).toBeVisible()
	await expect(
		page.getByRole('region', { name: 'Per region' }).getByRole('cell', { name: 'GLOBAL' }).first(),
	).toBeVisible()

	// A refund counts on the day refunded; the gross of the day paid stays.
	await page.goto(`/admin/orders/${orderId}`)
	await page.getByRole('link', { name: 'Refund…' }).click()
	await page.getByRole('button', { name: 'Yes, refund' }).click()
	await expect(page.getByText('The order is refunded and its seats are released.')).toBeVisible()
	await page.goto('/admin/money')
	const after = await usdCounts(page)
	expect(after.paid).toBeGreaterThanOrEqual(before.paid)
	expect(after.refunded).toBeGreaterThanOrEqual(before.refunded + 1)

	// The CSV of the same range.
	const download = page.waitForEvent('download')
	await page.getByRole('link', { name: 'This range as CSV' }).click()
	const csv = fs
		.readFileSync(await (await download).path())
		.toString('utf8')
		.replace(/^\uFEFF/, '')
	const [header, ...rows] = csv.trim().split('\r\n')
	expect(header).toBe(
		'from,to,group,name,currency,paid orders,gross,refunds,refunded,net,provider fee,net after fee',
	)
	expect(rows.find((line) => /,total,All,USD,/.test(line))).toMatch(/,no fee \(test mode\),/)
	expect(rows.some((line) => line.includes(',product,AI Driven Dev: pre-order seat,USD,'))).toBe(
		true,
	)

	// A range that ends before it starts: the message next to the field, and a 400.
	const bad = await page.goto('/admin/money?from=2026-02-10&to=2026-02-01')
	expect(bad?.status()).toBe(400)
	await expect(page.getByText('To must not be before From')).toBeVisible()

	for (const viewport of WIDTHS) {
		await page.setViewportSize(viewport)
		await page.goto('/admin/money')
		await expect(page.getByRole('heading', { name: 'Money', level: 1 })).toBeVisible()
		expect(await overflow(page), `money at ${viewport.width} px`).toBeLessThanOrEqual(0)
		if (project === 'js') {
			const path = testInfo.outputPath(`admin-money-${viewport.width}.png`)
			await page.screenshot({ path, fullPage: true })
			if (process.env.ADMIN_SCREENSHOTS)
				fs.copyFileSync(path, `${process.env.ADMIN_SCREENSHOTS}/admin-money-${viewport.width}.png`)
		}
	}
})

test('a stranger gets 404 for the money page and its CSV', async ({ page }) => {
	for (const path of ['/admin/money', '/admin/money.csv'])
		expect((await page.request.get(path)).status(), path).toBe(404)
})
