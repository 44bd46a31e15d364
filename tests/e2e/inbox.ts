import type { Page, TestInfo } from '@playwright/test'
import { mailURL } from '../../playwright.config'

/** An address unique to this test and project (both projects share one server). */
export function address(testInfo: TestInfo, name: string) {
	return `${name}.${testInfo.project.name}.${Date.now()}@example.com`
}

/** One message as the mail peer (tests/fakes/mail-peer.js) gives it: `text` is the raw body. */
export type Mail = { to: string[]; subject: string; text: string }

/** What arrived in `to`'s inbox: the site sends every message before it answers the form. */
export async function inbox(page: Page, to: string): Promise<Mail[]> {
	const response = await page.request.get(`${mailURL}/messages?to=${encodeURIComponent(to)}`)
	return (await response.json()) as Mail[]
}
