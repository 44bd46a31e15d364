import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { adminURL } from '../../playwright.config'
import { inbox } from './inbox'
import { signInAsOwner } from './sign-in'

// The bank-statement import (issue 37 item 2, docs/decisions/170), with JavaScript on and off: a
// company buys 5 seats by bank transfer; the owner imports the bank's CAMT.053 file with that
// payment (and one without a reference); the order is paid and the buyer gets the receipt with
// the seat links; the payment without a reference waits on the matching screen to be assigned
// or dismissed.
test.use({ baseURL: adminURL })
test.describe.configure({ timeout: 120_000 })

/** The fixture statement, its first credit carrying `reference` and `amount`, both entries new. */
function statementWith(reference: string, amount: string, tag: string): Buffer {
	const xml = readFileSync(
		new URL('../fixtures/bank-statements/camt053-001-02.xml', import.meta.url),
		'utf8',
	)
		.replaceAll('<Amt Ccy="EUR">1245.00</Amt>', `<Amt Ccy="USD">${amount}</Amt>`)
		.replaceAll('<Amt Ccy="EUR">300.50</Amt>', '<Amt Ccy="USD">300.50</Amt>')
		.replace('RF4653900754703400', reference)
		.replace('Invoice 2026-0042 ref rf53 1234 5678 9012 34 thanks', `Seats ${tag}`)
		.replaceAll(/<AcctSvcrRef>(\d+)<\/AcctSvcrRef>/g, `<AcctSvcrRef>$1-${tag}</AcctSvcrRef>`)
	return Buffer.from(xml)
}

test('a company pays 5 seats by transfer; the owner imports the CAMT.053 statement; the buyer gets the seat links and a receipt', async ({
	page,
}, testInfo) => {
	const network = testInfo.project.name === 'js' ? '198.51.100.167' : '198.51.100.168'
	await page.setExtraHTTPHeaders({ 'x-forwarded-for': network })
	const tag = `${testInfo.project.name}-${Date.now()}`
	const email = `statement.${tag}@example.com`
	const created = await page.request.post('/checkout', {
		data: { code: 'ai-driven-dev-preorder', quantity: 5, region: 'GLOBAL', method: 'transfer' },
		headers: { Origin: adminURL },
	})
	const { link } = (await created.json()) as { link: string }
	const orderId = link.split('/').at(-2)!
	const chosen = await page.request.post(link, {
		form: { email, company: 'Acme GmbH', address: 'Hauptstraße 1, 10115 Berlin', country: 'DE' },
		headers: { Origin: adminURL },
		maxRedirects: 0,
	})
	expect(chosen.status()).toBe(303)

	await signInAsOwner(page)
	await page.goto(`/admin/orders/${orderId}`)
	await page.getByRole('link', { name: 'Import a bank statement' }).click()
	await expect(page.getByRole('heading', { name: 'Bank transfers', level: 1 })).toBeVisible()
	const waiting = page.getByRole('row').filter({ hasText: orderId })
	const reference = (await waiting.getByRole('cell').nth(1).textContent())!.replaceAll(' ', '')
	await expect(waiting).toContainText('$1,245')

	await page.getByLabel('Bank statement', { exact: true }).setInputFiles({
		name: 'statement.xml',
		mimeType: 'application/xml',
		buffer: statementWith(reference, '1245.00', tag),
	})
	await page.getByRole('button', { name: 'Import the statement' }).click()
	await expect(
		page.getByText(
			'Statement imported (camt.053): 2 payments read, 1 paid, 0 partly paid, 1 to assign.',
		),
	).toBeVisible()
	const toAssign = page.getByRole('row').filter({ hasText: `Seats ${tag}` })
	await expect(toAssign).toContainText('No payment reference in the text')
	// Paid: no longer waiting, and its payment is among those recorded.
	await expect(page.getByRole('row').filter({ hasText: orderId })).toHaveCount(0)
	await expect(page.getByRole('row').filter({ hasText: reference })).toContainText(
		'matched by its reference',
	)
	if (process.env.ADMIN_SCREENSHOTS && testInfo.project.name === 'js')
		await page.screenshot({
			path: `${process.env.ADMIN_SCREENSHOTS}/admin-statement-matching-1280.png`,
			fullPage: true,
			animations: 'disabled',
		})

	const [receipt] = (await inbox(page, email)).filter((mail) =>
		mail.subject.startsWith('Your receipt'),
	)
	expect(receipt?.text).toMatch(/\/pass\/[A-Za-z0-9_-]+/)

	// The same file again records nothing twice.
	await page.getByLabel('Bank statement', { exact: true }).setInputFiles({
		name: 'statement.xml',
		mimeType: 'application/xml',
		buffer: statementWith(reference, '1245.00', tag),
	})
	await page.getByRole('button', { name: 'Import the statement' }).click()
	await expect(
		page.getByText(
			'Statement imported (camt.053): 2 payments read, 0 paid, 0 partly paid, 0 to assign, 2 already imported.',
		),
	).toBeVisible()

	await toAssign.getByRole('button', { name: 'Dismiss' }).click()
	await expect(page.getByText('Dismissed: the payment is set aside.')).toBeVisible()
	await expect(page.getByRole('row').filter({ hasText: `Seats ${tag}` })).toContainText('dismissed')
})
