import { expect, test } from '@playwright/test'
import { address, inbox } from './inbox'
import { payInSandbox } from './pay'

// A German buyer (decision 174), with JavaScript on (project js) and off (project no-js): a day
// pass bought from the German day page with the sandbox provider brings a German receipt, with
// its pass links and invoice; the same purchase from the English page an English one.

/** A message's text as read: quoted-printable's soft line breaks and escapes undone. */
const readable = (raw: string) =>
	Buffer.from(
		raw
			.replace(/=\r?\n/g, '')
			.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
				String.fromCharCode(Number.parseInt(hex, 16)),
			),
		'latin1',
	).toString('utf8')

test('a day pass bought from the German day page: the receipt is in German, its pass links under /de', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'german-buyer')
	const orderId = await payInSandbox(page, email, { product: 'passes', german: true })
	const receipt = (await inbox(page, email)).find((mail) => mail.subject.includes(orderId))
	expect(receipt?.subject).toBe(`Ihre Quittung für die Bestellung ${orderId}`)
	const text = readable(receipt!.text)
	expect(text).toContain('Vielen Dank für Ihre Bestellung')
	expect(text).toContain('Gesamtbetrag')
	expect(text).toMatch(/\/de\/pass\/[\w-]{22}/)
	expect(text).toMatch(/Rechnung INV-\d+/)
})

test('a day pass bought from the English day page: the receipt stays English', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'english-buyer')
	const orderId = await payInSandbox(page, email, { product: 'passes' })
	const receipt = (await inbox(page, email)).find((mail) => mail.subject.includes(orderId))
	expect(receipt?.subject).toBe(`Your receipt for order ${orderId}`)
	expect(readable(receipt!.text)).not.toMatch(/\/de\/pass\//)
})

test('a German buyer from the German day page pays on German pages and lands on the German thank-you page (decision 176)', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'german-pages')
	// payInSandbox checks the German payment page's labels and the German thank-you heading.
	const orderId = await payInSandbox(page, email, { product: 'passes', german: true })
	await expect(page).toHaveURL(new RegExp(`/de/checkout/${orderId}/thank-you$`))
	await expect(page.locator('html')).toHaveAttribute('lang', 'de')
	await expect(page.getByRole('heading', { name: 'Was Sie gekauft haben' })).toBeVisible()
	await expect(
		page.getByText(`Ihre Zahlung ist eingegangen. Eine Quittung ist unterwegs an ${email}.`),
	).toBeVisible()
	// The pass links stay German, and so does the way home.
	await expect(page.getByRole('link', { name: 'Pass 1' })).toHaveAttribute('href', /^\/de\/pass\//)
	await expect(page.getByRole('link', { name: 'Zurück zur Startseite' }).last()).toHaveAttribute(
		'href',
		'/de',
	)
})
