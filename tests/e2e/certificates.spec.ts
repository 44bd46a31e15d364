import { expect, test } from '@playwright/test'
import { adminURL } from '../../playwright.config'
import { builtEventList } from '../support/site-events'
import { address, inbox } from './inbox'
import { payByRequests } from './pay'
import { signInAsOwner } from './sign-in'

// Certificates of attendance (issue 38 item 3, docs/decisions/172) on the owner's e2e site
// (`mona` is the owner), with JavaScript on and off: the owner issues one to a pass buyer who
// joined by phone (an address not signed up is refused beside its field), the e-mail carries its
// verification address, whose page confirms the name and event without the address; a forged id
// is a 404 page; once withdrawn, the page refuses it. The job's certificates after the day are
// proved by tests/integration/certificates.test.ts (the build's events are all ahead).
test.use({ baseURL: adminURL })
test.describe.configure({ timeout: 90_000 })

const PASS = 'ai-driven-development-day-pass'

/** The certificate's verification path from a raw (quoted-printable) message body. */
function verificationPath(raw: string): string {
	const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
	const match = /\/certificates\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(text)
	expect(match, 'a verification address in the e-mail').not.toBeNull()
	return match![0]
}

test('the owner issues a certificate to a day pass buyer who joined by phone and withdraws it; its public page confirms it, then refuses it, and refuses a forged one', async ({
	page,
}, testInfo) => {
	const day = builtEventList().find(
		(event) => event.kind === 'day' && event.status !== 'cancelled',
	)!
	const buyer = address(testInfo, 'phone-attendee')
	const name = `Ada Lovelace ${testInfo.project.name}`
	await payByRequests(page, buyer, { origin: adminURL, code: PASS })
	await signInAsOwner(page)
	await page.goto('/admin')
	await page
		.getByRole('navigation', { name: 'Dashboard' })
		.getByRole('link', { name: 'Certificates' })
		.click()
	await expect(
		page.getByRole('heading', { level: 1, name: 'Attendance and certificates' }),
	).toBeVisible()

	const choose = () => page.locator(`input[name="eventId"][value="${day.id}"]`).check()
	await choose()
	await page.getByLabel('Their e-mail address').fill(address(testInfo, 'stranger'))
	await page.getByLabel('Name on the certificate').fill(name)
	await page.getByRole('button', { name: 'Issue and e-mail the certificate' }).click()
	await expect(page.getByLabel('Their e-mail address')).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByText('This address is not signed up for this event')).toBeVisible()

	await choose()
	await page.getByLabel('Their e-mail address').fill(buyer)
	await page.getByLabel('Name on the certificate').fill(name)
	await page.getByRole('button', { name: 'Issue and e-mail the certificate' }).click()
	await expect(page.getByText('Certificate issued and e-mailed')).toBeVisible()
	const row = page.getByRole('row').filter({ hasText: buyer })
	await expect(row).toContainText('the owner’s word')
	await expect(row).toContainText(`${name}: valid`)

	const [mail] = (await inbox(page, buyer)).filter((one) =>
		one.subject.startsWith('Your certificate of attendance'),
	)
	expect(mail, 'the certificate e-mail').toBeDefined()
	const path = verificationPath(mail!.text)

	const valid = await page.goto(path)
	expect(valid!.status()).toBe(200)
	expect(valid!.headers()['cache-control']).toMatch(/private|no-store/)
	await expect(
		page.getByRole('heading', { level: 1, name: 'A valid certificate of attendance' }),
	).toBeVisible()
	await expect(page.getByText(name)).toBeVisible()
	await expect(page.getByText(day.title)).toBeVisible()
	expect(await page.content()).not.toContain(buyer)

	const forged = await page.goto(`${path.slice(0, -3)}abc`)
	expect(forged!.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1, name: 'Certificate not found' })).toBeVisible()

	await page.goto('/admin/certificates')
	await page.getByRole('button', { name: `Withdraw ${name}’s certificate` }).click()
	await expect(page.getByText('Certificate withdrawn')).toBeVisible()
	await expect(page.getByRole('row').filter({ hasText: buyer })).toContainText(`${name}: withdrawn`)
	const withdrawn = await page.goto(path)
	expect(withdrawn!.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1, name: 'Certificate not found' })).toBeVisible()

	// Each step is in the audit log.
	await page.goto('/admin/audit')
	await expect(page.getByText('certificate-issue').first()).toBeVisible()
	await expect(page.getByText('certificate-withdraw').first()).toBeVisible()
})
