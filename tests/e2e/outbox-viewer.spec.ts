import { expect, test } from '@playwright/test'
import { adminURL } from '../../playwright.config'
import { payInSandbox } from './pay'
import { signInAsOwner } from './sign-in'

// The dashboard's e-mail page shows a message as its recipient gets it (issue 36 item 14,
// docs/decisions/151): the HTML version in a sandboxed frame, the text version with clickable
// links, the attachments by name. JavaScript on and off: the frame is the server's markup.
test.use({ baseURL: adminURL })
test.describe.configure({ timeout: 90_000 })

test("a receipt's HTML shows in a frame that runs nothing, with its links and attachments", async ({
	page,
}) => {
	const email = `outbox-${test.info().project.name}-${Date.now()}@example.com`
	const orderId = await payInSandbox(page, email)

	await signInAsOwner(page)
	await page.goto(`/admin/email?to=${encodeURIComponent(email)}`)
	await page.getByRole('link', { name: `Your receipt for order ${orderId}` }).click()
	await expect(
		page.getByRole('heading', { name: `Your receipt for order ${orderId}` }),
	).toBeVisible()

	const frame = page.getByTitle('HTML version')
	// No script runs in it (no allow-scripts), whatever the message holds.
	await expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox')
	const inFrame = page.frameLocator('iframe[title="HTML version"]')
	await expect(inFrame.getByText(orderId).filter({ visible: true }).first()).toBeVisible()
	const attachments = page.getByRole('list', { name: 'Attachments' })
	await expect(attachments.getByRole('listitem').filter({ hasText: '.pdf' })).toHaveCount(1)

	// The text version's links are links, to the site the receipt names.
	const textLinks = page.locator('pre').getByRole('link')
	expect(await textLinks.count()).toBeGreaterThan(0)
	await expect(textLinks.first()).toHaveAttribute('href', new RegExp(`^${adminURL}/`))
})
