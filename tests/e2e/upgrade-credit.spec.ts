import { expect, test } from '@playwright/test'
import { address, inbox } from './inbox'
import { payInSandbox } from './pay'

// Upgrade credit (issue 37 item 4, docs/decisions/165), JavaScript on and off: the buyer of a day
// pass nobody claimed asks at /upgrade, follows the link the mail peer received, and sees the
// credit as its own line on the upgrade page and on the payment page, with $249 − $99 to pay.
// The sums, the concurrency and the stranger's attack: tests/integration/upgrade-credit*.test.ts.
test.describe.configure({ timeout: 90_000 })

test('a day-pass buyer asks for the upgrade link, follows it and pays $150 for the course, the credit on its own line', async ({
	page,
}, testInfo) => {
	const buyer = address(testInfo, 'upgrade')
	await payInSandbox(page, buyer, { product: 'passes' })

	await page.goto('/upgrade')
	await page.getByLabel('The e-mail address holding your pass').fill(buyer)
	await page.getByRole('button', { name: 'Send me my upgrade link' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'we send it a link' })).toBeVisible()

	const mail = (await inbox(page, buyer)).find((each) =>
		each.subject.startsWith('Your upgrade credit'),
	)
	// The raw body is quoted-printable: its soft line breaks go before the link is read.
	const text = mail!.text.replace(/=\r?\n/g, '')
	const link = text.match(/https?:\/\/\S+?\/upgrade\/[A-Za-z0-9_.%-]+/)![0]
	await page.goto(new URL(link).pathname)
	await expect(page.getByRole('heading', { name: 'Your upgrade credit' })).toBeVisible()
	await expect(page.getByText('Upgrade credit: your AI Driven Development Day pass')).toBeVisible()
	await expect(page.getByTestId('upgrade-total')).toHaveText('$150')

	await page.getByRole('button', { name: 'Continue to payment' }).click()
	await expect(page).toHaveURL(/\/checkout\/sandbox\/[A-Za-z0-9_-]{22}$/)
	await expect(page.getByText('Upgrade credit: your AI Driven Development Day pass')).toBeVisible()
	await expect(page.getByTestId('checkout-total')).toHaveText('$150')
	// Paid under the address the link went to: the field is filled in.
	await expect(page.getByLabel('Email')).toHaveValue(buyer)

	// The same link, once spent, says so.
	await page.goto(new URL(link).pathname)
	await expect(
		page.getByRole('heading', { name: 'This upgrade credit cannot be used' }),
	).toBeVisible()
})

test('/upgrade refuses a malformed address beside the field', async ({ page }) => {
	await page.goto('/upgrade')
	await page.getByLabel('The e-mail address holding your pass').fill('ada@example')
	await page.getByRole('button', { name: 'Send me my upgrade link' }).click()
	await expect(page.getByLabel('The e-mail address holding your pass')).toHaveAttribute(
		'aria-invalid',
		'true',
	)
})
