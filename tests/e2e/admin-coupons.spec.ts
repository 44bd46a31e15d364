import { expect, type Page, test } from '@playwright/test'
import { adminURL } from '../../playwright.config'
import { signInAsOwnerConfirmed } from './sign-in'

// Coupons the owner manages (docs/decisions/112), on the second e2e site (owner `mona`), with
// JavaScript on and off: create (a refused value answered next to its field), edit, disable, and
// a buyer typing the code in any case gets its discount until it is disabled.
test.use({ baseURL: adminURL })
test.describe.configure({ timeout: 90_000 })

/** The course page's buy form with `coupon` typed; the sandbox page it lands on. */
async function startCheckout(page: Page, coupon: string) {
	await page.goto('/')
	await page.getByLabel('Coupon code (optional)').first().fill(coupon)
	await page.getByRole('button', { name: 'Pre-order your seat' }).first().click()
	await expect(page).toHaveURL(/\/checkout\/sandbox\/[A-Za-z0-9_-]{22}$/)
}

test('the owner creates, edits and disables a coupon; a buyer gets its discount while it is enabled', async ({
	page,
}) => {
	const code = `E2E${test.info().project.name.replace(/\W/g, '')}${Date.now()}`
	await signInAsOwnerConfirmed(page)
	await page
		.getByRole('navigation', { name: 'Dashboard' })
		.getByRole('link', { name: 'Coupons' })
		.click()
	await expect(page.getByRole('heading', { name: 'Coupons' })).toBeVisible()
	await page.getByRole('link', { name: 'New coupon' }).click()

	// A percentage over 100 is refused next to the amount, and nothing is created.
	await page.getByLabel('Code', { exact: true }).fill(code)
	await page.getByRole('radio', { name: 'Percentage' }).check()
	await page.getByLabel('Amount', { exact: true }).fill('150')
	await page.getByRole('button', { name: 'Create coupon' }).click()
	await expect(page.getByLabel('Amount', { exact: true })).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByText('A percentage is a whole number from 1 to 100')).toBeVisible()

	await page.getByLabel('Amount', { exact: true }).fill('20')
	await page.getByRole('button', { name: 'Create coupon' }).click()
	await expect(page.getByText(`Coupon ${code} is created.`)).toBeVisible()
	const row = page.getByRole('row', { name: new RegExp(code) })
	await expect(row).toContainText('20 %')
	await expect(row).toContainText('enabled')

	// Edit: a fixed amount in USD, for one use.
	await row.getByRole('link', { name: code }).click()
	await page.getByRole('radio', { name: 'Fixed amount' }).check()
	await page.getByLabel('Amount', { exact: true }).fill('25')
	await page.getByLabel('Currency (fixed amount only)').selectOption('USD')
	await page.getByLabel('How many uses').fill('5')
	await page.getByRole('button', { name: 'Save coupon' }).click()
	await expect(page.getByText(`Coupon ${code} is saved.`)).toBeVisible()
	await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('25.00')

	// A buyer types it in lower case: $25 off.
	const buyer = await page
		.context()
		.browser()!
		.newContext({
			baseURL: adminURL,
			javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
		})
	const shopper = await buyer.newPage()
	await startCheckout(shopper, code.toLowerCase())
	await expect(shopper.getByText('−$25')).toBeVisible()

	await page.getByRole('button', { name: 'Disable coupon' }).click()
	await expect(page.getByText(`Coupon ${code} is disabled.`)).toBeVisible()
	await expect(page.getByRole('button', { name: 'Enable coupon' })).toBeVisible()

	// Disabled: the same code takes nothing off, and the page says nothing about it.
	await startCheckout(shopper, code)
	await expect(shopper.getByText('−$25')).toHaveCount(0)
	await buyer.close()

	await page
		.getByRole('navigation', { name: 'Dashboard' })
		.getByRole('link', { name: 'Audit log' })
		.click()
	await expect(page.getByText('coupon-disable').first()).toBeVisible()
})

test('the owner limits a percentage to one discounted seat per order; a buyer of two sees it on the checkout (decision 158)', async ({
	page,
}) => {
	const code = `ONE${test.info().project.name.replace(/\W/g, '')}${Date.now()}`
	await signInAsOwnerConfirmed(page)
	await page.goto('/admin/coupons/new')
	const limit = page.getByLabel('Discounted seats or passes per order (percentage only, optional)')

	// A limit on a fixed amount is refused beside the field.
	await page.getByLabel('Code', { exact: true }).fill(code)
	await page.getByRole('radio', { name: 'Fixed amount' }).check()
	await page.getByLabel('Amount', { exact: true }).fill('25')
	await page.getByLabel('Currency (fixed amount only)').selectOption('USD')
	await limit.fill('1')
	await page.getByRole('button', { name: 'Create coupon' }).click()
	await expect(limit).toHaveAttribute('aria-invalid', 'true')
	await expect(
		page.getByText(
			'Only a percentage is limited per seat: a fixed amount comes off the whole order',
		),
	).toBeVisible()

	await page.getByRole('radio', { name: 'Percentage' }).check()
	await page.getByLabel('Amount', { exact: true }).fill('50')
	await page.getByLabel('Does not combine with regional prices').check()
	await page.getByRole('button', { name: 'Create coupon' }).click()
	await expect(page.getByText(`Coupon ${code} is created.`)).toBeVisible()
	const row = page.getByRole('row', { name: new RegExp(code) })
	await expect(row).toContainText('on at most 1 per order')
	await expect(row).toContainText('not with regional prices')

	// A buyer of two seats at the full price: half off one of them.
	const buyer = await page
		.context()
		.browser()!
		.newContext({
			baseURL: adminURL,
			javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
		})
	const shopper = await buyer.newPage()
	await shopper.goto('/')
	await shopper.getByLabel('Quantity').first().fill('2')
	await shopper.getByLabel('Coupon code (optional)').first().fill(code)
	await shopper
		.getByRole('button', { name: /^Pre-order your seat/ })
		.first()
		.click()
	await expect(shopper).toHaveURL(/\/checkout\/sandbox\/[A-Za-z0-9_-]{22}$/)
	await expect(
		shopper.getByText(`Discount (coupon ${code} on 1 of 2 seats; the other 1 at full price)`),
	).toBeVisible()
	await expect(shopper.getByText('−$124.50')).toBeVisible()
	await expect(shopper.getByTestId('checkout-total')).toHaveText('$373.50')
	await buyer.close()
})
