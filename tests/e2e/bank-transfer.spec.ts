import { expect, test } from '@playwright/test'
import { address, inbox } from './inbox'

// Runs in both projects: `js` and `no-js` (docs/decisions/163). Each project buys from a network
// of its own (the site trusts the proxy header here), so its transfer's seats count against no
// other spec's hold allowance.

test('a company buys 5 seats by bank transfer: it sees the IBAN, the reference, the due date and its invoice marked due, and no seat link', async ({
	page,
}, testInfo) => {
	await page.setExtraHTTPHeaders({
		'x-forwarded-for': testInfo.project.name === 'js' ? '198.51.100.163' : '198.51.100.164',
	})
	const email = address(testInfo, 'transfer')
	await page.goto('/')
	await page.getByLabel('Quantity').first().fill('5')
	await page.getByRole('button', { name: 'Pre-order your seat' }).first().click()
	await expect(page).toHaveURL(/\/checkout\/sandbox\/[A-Za-z0-9_-]{22}$/)
	const directory = process.env.ADMIN_SCREENSHOTS
	const shoot = async (name: string) => {
		if (directory && testInfo.project.name === 'js')
			await page.screenshot({
				path: `${directory}/${name}.png`,
				fullPage: true,
				animations: 'disabled',
			})
	}
	await shoot('payment-page-with-bank-transfer')

	await page.getByRole('link', { name: 'Pay by bank transfer (invoice)' }).click()
	await expect(page.getByRole('heading', { name: 'Pay by bank transfer (invoice)' })).toBeVisible()
	await page.getByLabel('Email').fill(email)
	// The company's details are required: without them, the form says so next to the field.
	await page.getByRole('button', { name: 'Get the invoice and bank details' }).click()
	await expect(page.getByText('Enter the company name the invoice is made out to')).toBeVisible()
	await page.getByLabel('Company name').fill('Acme GmbH')
	await page.getByLabel('Billing address').fill('Hauptstraße 1\n10115 Berlin')
	await page.getByLabel('Country').fill('de')
	await page.getByLabel('VAT number').fill('DE 123 456 789')
	await page.getByRole('button', { name: 'Get the invoice and bank details' }).click()

	await expect(
		page.getByRole('heading', { name: 'Pay by bank transfer', exact: true }),
	).toBeVisible()
	const details = page.getByTestId('transfer-details')
	await expect(details).toContainText('GB82 WEST 1234 5698 7654 32')
	await expect(details).toContainText('WESTGB2L')
	await expect(details).toContainText(/RF\d{2}( \d{4}){3} \d{2}/)
	await expect(details).toContainText(/Due by\w+day, \d{1,2} \w+ \d{4}/)
	await expect(page.getByText('Test mode — this is a test account. Send no money.')).toBeVisible()
	// No seat before the money: no seat or pass link on the page.
	await expect(page.locator('a[href*="/pass/"]')).toHaveCount(0)
	await shoot('bank-transfer-instructions')

	const reference = (await details.textContent())!.match(/RF\d{2}( \d{4}){3} \d{2}/)![0]
	await page.getByRole('link', { name: /^Invoice INV-\d{6}$/ }).click()
	await expect(page.getByText(`with the payment reference ${reference}`)).toBeVisible()
	await expect(page.getByText(/^Reverse charge/)).toBeVisible()

	const [mail] = (await inbox(page, email)).filter((message) =>
		message.subject.includes('by bank transfer by'),
	)
	expect(mail?.text).toContain(reference)
	expect(mail?.text).toMatch(/application\/pdf/)
})
