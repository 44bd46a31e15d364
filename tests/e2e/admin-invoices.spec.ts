import fs from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { unzipSync } from 'fflate'
import { adminURL } from '../../playwright.config'
import { payInSandbox } from './pay'
import { signInAsOwnerConfirmed } from './sign-in'

// The owner's invoices (docs/decisions/115) on the second e2e site, where `mona` is the owner.
// Runs with JavaScript on and off.
test.use({ baseURL: adminURL })
test.describe.configure({ timeout: 90_000 })

async function downloadOf(page: Page, link: ReturnType<Page['getByRole']>) {
	const download = page.waitForEvent('download')
	await link.click()
	return fs.readFileSync(await (await download).path())
}

test('the owner downloads an invoice, the period as CSV and as a zip, and a refund’s credit note is listed', async ({
	page,
}) => {
	const email = `invoice-owner-${test.info().project.name}-${Date.now()}@example.com`
	const orderId = await payInSandbox(page, email, { company: 'Invoice Owner Test GmbH' })

	await signInAsOwnerConfirmed(page)
	await expect(page).toHaveURL(`${adminURL}/admin`)
	await page
		.getByRole('navigation', { name: 'Dashboard' })
		.getByRole('link', { name: 'Invoices' })
		.click()
	await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible()
	const row = page.getByRole('row').filter({ hasText: orderId })
	await expect(row).toHaveCount(1)
	await expect(row).toContainText('Invoice Owner Test GmbH')
	const number = (await row.getByRole('cell').first().textContent())!
	expect(number).toMatch(/^INV-\d{6}$/)

	const pdf = await downloadOf(page, row.getByRole('link', { name: `Download ${number}` }))
	expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')

	const today = new Date().toISOString().slice(0, 10)
	await page.getByLabel('From').fill(today)
	await page.getByLabel('To').fill(today)
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`))

	const csv = (await downloadOf(page, page.getByRole('link', { name: 'This period as CSV' })))
		.toString('utf8')
		.replace(/^\uFEFF/, '')
	const [header, ...rows] = csv.trim().split('\r\n')
	expect(header).toMatch(/^number,kind,issued_on,order_id,/)
	expect(rows.find((line) => line.includes(orderId))).toMatch(
		new RegExp(`^${number},invoice,${today},`),
	)

	const zip = unzipSync(
		new Uint8Array(
			await downloadOf(page, page.getByRole('link', { name: 'This period as a zip of PDFs' })),
		),
	)
	expect(Object.keys(zip)).toContain('invoices.csv')
	expect(Buffer.from(zip[`invoice-${number}.pdf`]!).subarray(0, 5).toString()).toBe('%PDF-')

	// A refund issues a credit note in the same sequence.
	await page.goto(`/admin/orders/${orderId}`)
	await page.getByRole('link', { name: 'Refund…' }).click()
	await page.getByRole('button', { name: 'Yes, refund' }).click()
	await expect(page.getByText('The order is refunded and its seats are released.')).toBeVisible()
	await page.goto(`/admin/invoices?from=${today}&to=${today}`)
	const credit = page
		.getByRole('row')
		.filter({ hasText: orderId })
		.filter({ hasText: 'credit note' })
	await expect(credit).toHaveCount(1)
	await expect(credit).toContainText('−$249')
})

test('a stranger gets 404 for the invoice pages and downloads', async ({ page }) => {
	for (const path of [
		'/admin/invoices',
		'/admin/invoices/export.csv',
		'/admin/invoices/export.zip',
		'/admin/invoices/AAAAAAAAAAAAAAAAAAAAAA.pdf',
	])
		expect((await page.request.get(path)).status(), path).toBe(404)
})
