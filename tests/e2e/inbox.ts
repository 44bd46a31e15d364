import { expect, type Page, type TestInfo } from '@playwright/test'
import { E2E_METRICS_TOKEN, mailURL } from '../../playwright.config'

/** An address unique to this test and project (both projects share one server). */
export function address(testInfo: TestInfo, name: string) {
	return `${name}.${testInfo.project.name}.${Date.now()}@example.com`
}

/** One message as the mail peer (tests/fakes/mail-peer.js) gives it: `text` is the raw body. */
export type Mail = { to: string[]; subject: string; text: string }

/**
 * What arrived in `to`'s inbox once the job queue of the site the test talks to (its `baseURL`:
 * the shared site, the owner's, or one of its own) has settled: messages are delivered by a
 * background job after the form is answered (docs/decisions/075), so what is missing then was
 * never sent. Waiting on another server's queue returned before the owner's site had delivered
 * a receipt (a CI run of admin-transfer.spec.ts).
 */
export async function inbox(page: Page, to: string): Promise<Mail[]> {
	await expect
		.poll(
			async () => {
				const health = await page.request.get('/healthz', {
					headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` },
				})
				const { queue } = (await health.json()) as { queue?: { waiting: number; running: number } }
				return queue ? queue.waiting + queue.running : -1
			},
			{ timeout: 15_000 },
		)
		.toBe(0)
	const response = await page.request.get(`${mailURL}/messages?to=${encodeURIComponent(to)}`)
	return (await response.json()) as Mail[]
}
