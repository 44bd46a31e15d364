import { expect, type Page, test } from '@playwright/test'
import { adminURL, mailURL } from '../../playwright.config'
import { payInSandbox } from './pay'
import { signInAsOwnerConfirmed } from './sign-in'

// Partial refunds (issue 26 item 6, docs/decisions/123) on the owner's order page, with
// JavaScript on and off: one pass of two refunded, confirmed first (its link stops working, the
// buyer is told); an amount refund, more than is left refused next to the amount field.
test.use({ baseURL: adminURL })
test.describe.configure({ timeout: 90_000 })

/** The subjects of what arrived for `to` at the mail peer. */
async function mailSubjects(page: Page, to: string): Promise<string[]> {
	const response = await page.request.get(`${mailURL}/messages?to=${encodeURIComponent(to)}`)
	return ((await response.json()) as { subject: string }[]).map((mail) => mail.subject)
}

test('the owner refunds one pass of two, confirmed first, then an amount; more than is left is refused', async ({
	page,
}) => {
	const email = `part-${test.info().project.name}-${Date.now()}@example.com`
	const orderId = await payInSandbox(page, email, { product: 'passes', quantity: 2 })
	// Refunds need the owner's second factor confirmed (decision 136): signInAsOwnerConfirmed does it.
	await signInAsOwnerConfirmed(page)
	await page.goto(`/admin/orders/${orderId}`)

	const passes = page.getByRole('region', { name: 'Passes' })
	await expect(passes.locator('td[data-label="Pass"] code')).toHaveCount(2)
	const refunded = (await passes.locator('td[data-label="Pass"] code').first().textContent())!
	await passes.getByRole('link', { name: `Refund pass ${refunded}` }).click()
	await expect(page.getByRole('heading', { name: 'Refund this pass?' })).toBeVisible()
	await page.getByRole('button', { name: 'Yes, refund this pass' }).click()
	const passNotice = page.getByText(
		/^The pass is refunded \(\$[\d.,]+\) and back on sale; the buyer is told\.$/,
	)
	await expect(passNotice).toBeVisible()
	const passMessage = (await passNotice.textContent())!
	// The refunded pass stays listed with when it was refunded, and nothing more to do with it
	// (decision 150); its link no longer works.
	await expect(passes.locator('td[data-label="Pass"] code')).toHaveCount(2)
	const refundedRow = passes.getByRole('row').filter({ hasText: refunded })
	await expect(refundedRow.locator('td[data-label="Refunded"] time')).toBeVisible()
	await expect(passes.getByRole('link', { name: `Refund pass ${refunded}` })).toHaveCount(0)
	expect((await page.request.get(`/pass/${refunded}`)).status()).toBe(404)
	const facts = page.getByRole('region', { name: 'Order', exact: true })
	await expect(facts.getByText('paid', { exact: true })).toBeVisible()
	// "Refunded" agrees with "Amount refunded": a partial refund has a time too.
	await expect(
		facts.locator('dt', { hasText: /^Refunded$/ }).locator('xpath=following-sibling::dd[1]/time'),
	).toBeVisible()
	await expect
		.poll(() => mailSubjects(page, email))
		.toContain(`Part of your order ${orderId} is refunded`)

	await page.getByRole('link', { name: 'Refund an amount…' }).click()
	await expect(page.getByRole('heading', { name: 'Refund an amount?' })).toBeVisible()
	const amount = page.getByLabel('Amount (USD)')
	await amount.fill('100000')
	await page.getByRole('button', { name: 'Refund this amount' }).click()
	await expect(amount).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByText(/is left to refund\.$/)).toBeVisible()
	await amount.fill('1')
	await page.getByRole('button', { name: 'Refund this amount' }).click()
	await expect(page.getByText('$1 is refunded; the buyer is told.')).toBeVisible()
	// The order's facts: what was refunded so far, the pass's share and the dollar.
	const share = Number(passMessage.match(/\(\$([\d.,]+)\)/)![1]!.replace(/,/g, ''))
	const sum = (share + 1).toFixed(2).replace(/\.00$/, '')
	await expect(facts).toContainText('Amount refunded')
	await expect(facts).toContainText(`$${sum}`)
	await expect(page.getByRole('region', { name: 'Owner actions' })).toContainText('refund-part')
	// The buyer's thank-you page (this browser bought) says what came back and what is paid now.
	await page.goto(`/checkout/${orderId}/thank-you`)
	const bought = page.getByRole('region', { name: 'What you bought' })
	await expect(bought).toContainText(`Refunded: $${sum}`)
	await expect(bought).toContainText('Net paid: $')
})
