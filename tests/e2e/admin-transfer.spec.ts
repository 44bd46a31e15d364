import { expect, test } from '@playwright/test'
import { adminURL } from '../../playwright.config'
import { inbox } from './inbox'
import { signInAsOwner } from './sign-in'

// The money of a bank transfer arrives (issue 37 item 2, docs/decisions/168), with JavaScript on
// and off: a company's 5-seat order waits for its transfer; the owner records part of it (the
// rest stays due), then the rest, on the order's page; the buyer then gets the receipt with the
// seat links, and only then.
test.use({ baseURL: adminURL })
test.describe.configure({ timeout: 120_000 })

test('the owner records a transfer in two parts on the order page; the buyer then gets the receipt and the seat links', async ({
	page,
}, testInfo) => {
	const network = testInfo.project.name === 'js' ? '198.51.100.165' : '198.51.100.166'
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': network })
	const email = `transfer-paid.${testInfo.project.name}.${Date.now()}@example.com`
	// The buy form's "Pay by bank transfer (invoice)": the checkout lands on the transfer page.
	const created = await page.request.post('/checkout', {
		data: { code: 'ai-driven-dev-preorder', quantity: 5, region: 'GLOBAL', method: 'transfer' },
		headers: { Origin: adminURL },
	})
	const { link } = (await created.json()) as { link: string }
	expect(link).toMatch(/\/checkout\/[A-Za-z0-9_-]{22}\/transfer$/)
	const orderId = link.split('/').at(-2)!
	const chosen = await page.request.post(link, {
		form: {
			email,
			company: 'Acme GmbH',
			address: 'Hauptstraße 1, 10115 Berlin',
			country: 'DE',
		},
		headers: { Origin: adminURL },
		maxRedirects: 0,
	})
	expect(chosen.status()).toBe(303)

	await signInAsOwner(page)
	await page.goto(`/admin/orders/${orderId}`)
	await page.getByRole('link', { name: 'Record a transfer received…' }).click()
	await page.getByLabel('Amount received').fill('245')
	await page.getByLabel('Received on').fill('2026-11-29')
	await page.getByRole('button', { name: 'Record the transfer' }).click()
	await expect(page.getByText(/^Recorded: \$1,000 still due\.$/)).toBeVisible()
	expect((await inbox(page, email)).map((mail) => mail.subject)).not.toContainEqual(
		expect.stringContaining('receipt'),
	)

	await page.getByRole('link', { name: 'Record a transfer received…' }).click()
	// More than is due is refused next to the amount.
	await page.getByLabel('Amount received').fill('1001')
	await page.getByLabel('Received on').fill('2026-11-29')
	await page.getByRole('button', { name: 'Record the transfer' }).click()
	await expect(page.getByText('At most $1,000 is due.')).toBeVisible()
	if (process.env.ADMIN_SCREENSHOTS && testInfo.project.name === 'js')
		await page.screenshot({
			path: `${process.env.ADMIN_SCREENSHOTS}/admin-transfer-received-1280.png`,
			fullPage: true,
			animations: 'disabled',
		})
	await page.getByLabel('Amount received').fill('1000')
	await page.getByRole('button', { name: 'Record the transfer' }).click()
	await expect(
		page.getByText('Paid: the seat links and the receipt are on their way to the buyer.'),
	).toBeVisible()

	const [receipt] = (await inbox(page, email)).filter((mail) =>
		mail.subject.startsWith('Your receipt'),
	)
	expect(receipt?.text).toMatch(/\/pass\/[A-Za-z0-9_-]+/)
})
