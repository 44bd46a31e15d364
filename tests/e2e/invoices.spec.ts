import { expect, type Page, test } from '@playwright/test'
import { address, inbox } from './inbox'

// Runs in both projects: `js` and `no-js` (docs/decisions/115).

const AFTER_PAYING = { timeout: 15_000 }

async function startCheckout(page: Page) {
	await page.goto('/')
	await page.getByRole('button', { name: 'Pre-order your seat' }).click()
	await expect(page).toHaveURL(/\/checkout\/sandbox\/[A-Za-z0-9_-]{22}$/)
}

async function fillCard(page: Page, email: string) {
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Card number').fill('4242 4242 4242 4242')
	await page.getByLabel('Expiry (MM / YY)').fill('12 / 40')
	await page.getByLabel('CVC').fill('123')
}

test('a company gives its billing details and VAT number: its invoice has them, with the reverse charge, as a page and a PDF', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'invoice')
	await startCheckout(page)
	await fillCard(page, email)
	await page.getByLabel('Company name').fill('Acme GmbH')
	await page.getByLabel('Billing address').fill('Hauptstraße 1\n10115 Berlin')
	await page.getByLabel('Country').fill('de')
	await page.getByLabel('VAT number').fill('DE 123 456 789')
	await page.getByRole('button', { name: /^Pay / }).click()
	await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]{22}\/thank-you$/, AFTER_PAYING)

	await page.getByRole('link', { name: 'Your invoice' }).click()
	await expect(page).toHaveURL(/\/invoice\/[A-Za-z0-9_-]{22}\?sig=/)
	await expect(page.getByRole('heading', { name: /^Invoice INV-\d{6}$/ })).toBeVisible()
	await expect(page.getByText('Acme GmbH')).toBeVisible()
	await expect(page.getByText('VAT number: DE123456789')).toBeVisible()
	await expect(
		page.getByText(/^Reverse charge: VAT to be accounted for by the recipient/),
	).toBeVisible()
	await expect(page.getByTestId('invoice-total')).toHaveText('$249')

	const pdfUrl = await page.getByRole('link', { name: 'Download the PDF' }).getAttribute('href')
	const pdf = await page.request.get(pdfUrl!)
	expect(pdf.status()).toBe(200)
	expect(pdf.headers()['content-type']).toBe('application/pdf')
	expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')

	// Without its signature, or with another's, the link leads nowhere.
	const bare = new URL(page.url())
	expect((await page.request.get(bare.pathname)).status()).toBe(404)
	expect((await page.request.get(`${bare.pathname}?sig=${'A'.repeat(43)}`)).status()).toBe(404)

	// The receipt carries the invoice as a PDF.
	const [receipt] = (await inbox(page, email)).filter((mail) =>
		mail.subject.startsWith('Your receipt'),
	)
	expect(receipt?.text).toMatch(/application\/pdf/)
	expect(receipt?.text).toMatch(/invoice-INV-\d{6}\.pdf/)
})

test('a private buyer’s invoice shows the VAT included in the price, per rate', async ({
	page,
}, testInfo) => {
	await startCheckout(page)
	await fillCard(page, address(testInfo, 'private'))
	await page.getByRole('button', { name: /^Pay / }).click()
	await expect(page).toHaveURL(/\/thank-you$/, AFTER_PAYING)
	await page.getByRole('link', { name: 'Your invoice' }).click()
	await expect(page.getByRole('table', { name: 'VAT included, per rate' })).toBeVisible()
	await expect(page.getByTestId('invoice-total')).toHaveText('$249')
})

test('a malformed VAT number is refused next to its field, and nothing is paid', async ({
	page,
}, testInfo) => {
	await startCheckout(page)
	const checkoutUrl = page.url()
	await fillCard(page, address(testInfo, 'badvat'))
	await page.getByLabel('Country').fill('DE')
	await page.getByLabel('VAT number').fill('DE12')
	await page.getByRole('button', { name: /^Pay / }).click()
	await expect(
		page.getByText('Enter a VAT number in your country’s format, such as DE123456789'),
	).toBeVisible()
	await expect(page.getByLabel('VAT number')).toHaveAttribute('aria-invalid', 'true')
	expect(page.url()).toBe(checkoutUrl)
	// The checkout is still open: the page still offers to pay.
	await page.reload()
	await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible()
})
