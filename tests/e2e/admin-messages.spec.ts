import { expect, type Page, test } from '@playwright/test'
import { adminURL, E2E_METRICS_TOKEN, mailURL } from '../../playwright.config'
import { decodedMail } from '../fakes/smtp'
import { dayPattern, workshopSessions } from '../support/site-events'
import type { Mail } from './inbox'
import { signInAsOwnerConfirmed } from './sign-in'

// The owner's messages (issue 25, item 6; docs/decisions/119), on the second e2e site (the owner
// is `mona` at the fake GitHub), with JavaScript on and off, on a desktop and a phone: a refused
// test address is answered next to its field, a test reaches the owner alone, the preview shows
// how many get the message, and Send delivers it through the queue to the audience, with its
// unsubscribe link (its RFC 8058 headers: tests/integration/bulk-send.test.ts), while the page
// shows the progress.
test.use({ baseURL: adminURL })
test.describe.configure({ timeout: 120_000 })

// The second session of the build's (the test build moves them ahead of today, decision 125).
const LATER_SESSION = dayPattern(workshopSessions()[1]!)

/** What reached `to` at the mail peer once the admin site's queue is idle. */
async function inboxOf(page: Page, to: string): Promise<Mail[]> {
	await expect
		.poll(
			async () => {
				const health = await page.request.get(`${adminURL}/healthz`, {
					headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` },
				})
				const { queue } = (await health.json()) as { queue?: { waiting: number; running: number } }
				return queue ? queue.waiting + queue.running : -1
			},
			{ timeout: 30_000 },
		)
		.toBe(0)
	const response = await page.request.get(`${mailURL}/messages?to=${encodeURIComponent(to)}`)
	return (await response.json()) as Mail[]
}

async function expectNoSidewaysScrolling(page: Page) {
	const { scrollWidth, innerWidth } = await page.evaluate(() => ({
		scrollWidth: document.documentElement.scrollWidth,
		innerWidth: window.innerWidth,
	}))
	expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

for (const width of [1280, 375]) {
	test(`at ${width} px the owner writes a message, tests it on themselves, previews who gets it and sends it`, async ({
		page,
	}) => {
		await page.setViewportSize({ width, height: 900 })
		const tag = `${test.info().project.name}-${width}-${Date.now()}`
		const attendee = `attendee-${tag}@example.com`
		const me = `owner-${tag}@example.com`
		const subject = `Bring a laptop ${tag}`

		// Someone signs up for the later workshop session on this site.
		await page.goto('/workshop')
		await page
			.getByRole('group', { name: 'Session' })
			.getByRole('radio', { name: LATER_SESSION })
			.check()
		await page.getByLabel('E-mail address').fill(attendee)
		await page.getByRole('button', { name: 'Sign up for the workshop' }).click()
		await expect(page.getByRole('heading', { name: "You're signed up" })).toBeVisible()

		await signInAsOwnerConfirmed(page)
		await page
			.getByRole('navigation', { name: 'Dashboard' })
			.getByRole('link', { name: 'Messages' })
			.click()
		await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible()
		await page.getByRole('link', { name: 'Write a message' }).click()
		await expect(page.getByRole('heading', { name: 'New message' })).toBeVisible()

		await page.getByLabel('Subject').fill(subject)
		await page.getByLabel('Message').fill('Hi,\n\nPlease **bring a laptop** with Git installed.')
		await page
			.getByRole('group', { name: 'Who gets it' })
			.getByRole('radio', { name: LATER_SESSION })
			.check()

		// A test without an address is refused next to the field, and nothing is sent.
		await page.getByRole('button', { name: 'Send a test' }).click()
		await expect(page.getByLabel('Your address')).toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByText('Enter the address the test goes to')).toBeVisible()

		await page.getByLabel('Your address').fill(me)
		await page.getByRole('button', { name: 'Send a test' }).click()
		await expect(page.getByText(`A test is on its way to ${me}.`)).toBeVisible()
		// What was typed is kept.
		await expect(page.getByLabel('Subject')).toHaveValue(subject)
		const tests = await inboxOf(page, me)
		expect(tests.map((mail) => mail.subject)).toEqual([`[Test] ${subject}`])
		expect(
			await inboxOf(page, attendee).then((mails) => mails.map((m) => m.subject)),
		).not.toContain(subject)

		await page.getByRole('button', { name: 'Preview' }).click()
		const preview = page.getByRole('region', { name: 'Preview' })
		await expect(preview.getByText(/\d+ (people get|person gets) this message/)).toBeVisible()
		await expect(
			preview.frameLocator('iframe').getByText('bring a laptop', { exact: true }),
		).toBeVisible()
		await expectNoSidewaysScrolling(page)
		const send = page.getByRole('button', { name: /^Send to \d+ (people|person)$/ })
		const sent = page.getByRole('heading', { name: subject })
		// Other specs sign up for the later session on this site: when the audience grows between
		// the preview and the send, the send is refused ("The audience has changed") and sends
		// nothing; the page shows the new count, as the owner would see it, and sends from there.
		for (let attempt = 0; attempt < 3; attempt++) {
			await send.click()
			await expect(sent.or(page.getByText('The audience has changed'))).toBeVisible()
			if (await sent.isVisible()) break
		}

		await expect(sent).toBeVisible()
		await expect(page.getByText(/The message is on its way to \d+ (people|person)\./)).toBeVisible()
		await expect(page.getByRole('definition').first()).toBeVisible()
		await expectNoSidewaysScrolling(page)

		const mails = await inboxOf(page, attendee)
		const message = mails.find((mail) => mail.subject === subject)
		expect(message).toBeDefined()
		const raw = decodedMail(message!.text)
		expect(raw).toContain('bring a laptop')
		expect(raw).toContain('Unsubscribe or manage your e-mail preferences')

		// The progress shows it sent once the queue is idle (refreshed by the page's own link).
		await page.getByRole('link', { name: 'Refresh' }).click()
		const progress = page.getByRole('definition').filter({ hasText: /^\d+$/ })
		await expect(progress.first()).toBeVisible()
		await expect(page.getByText('Done.')).toBeVisible()

		// The message is listed with its progress, and the send is in the audit log.
		await page.getByRole('link', { name: 'All messages' }).click()
		await expect(page.getByRole('row', { name: new RegExp(subject) })).toContainText(/\d+ sent/)
		await expectNoSidewaysScrolling(page)
		await page
			.getByRole('navigation', { name: 'Dashboard' })
			.getByRole('link', { name: 'Audit log' })
			.click()
		await expect(page.getByText('send-message').first()).toBeVisible()
	})
}
