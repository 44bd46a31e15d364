import { expect, type Page, test } from '@playwright/test'
import { E2E_QUEUE_RATE, queueURL } from '../../playwright.config'

// The fair queue in front of the payment provider (docs/decisions/161), with JavaScript on
// (project js: the waiting page follows its place live) and off (project no-js: it refreshes
// itself), on a site of its own whose sandbox is paced at E2E_QUEUE_RATE payment pages a second.
// A small crowd checks out through the JSON API just before the buyer, so the buyer's turn is a
// few seconds away: the buyer sees the waiting page with their place, then the sandbox's payment
// page. The crowd leaves the queue afterwards, so its seats go back.

const CROWD = 3 * E2E_QUEUE_RATE

type Member = { id: string; cookie: string }

/** The crowd: each member its own address and its own cookie (no browser's cookie jar). */
async function crowdAhead(batch: number): Promise<Member[]> {
	return Promise.all(
		Array.from({ length: CROWD }, async (_, i) => {
			const response = await fetch(`${queueURL}/checkout`, {
				method: 'POST',
				headers: {
					'Content-Type': 'application/json',
					Origin: queueURL,
					'X-Forwarded-For': `10.${100 + i}.${batch}.1`,
				},
				body: JSON.stringify({ code: 'ai-driven-dev-preorder', quantity: 1, region: 'GLOBAL' }),
			})
			expect(response.status).toBe(200)
			const { link } = (await response.json()) as { link: string }
			const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!
			const id = link.includes('/checkout/sandbox/')
				? link.split('/').at(-1)!
				: new URL(link).pathname.split('/')[2]!
			return { id, cookie }
		}),
	)
}

/** The crowd leaves: each member's cancel link, with its own cookie, so its seat goes back. */
async function crowdLeaves(crowd: Member[]) {
	await Promise.all(
		crowd.map(({ id, cookie }) =>
			fetch(`${queueURL}/checkout/processing?id=${id}&cancelled=1`, {
				headers: { Cookie: cookie },
			}),
		),
	)
}

async function buyBehindCrowd(page: Page, batch: number) {
	await page.goto(`${queueURL}/`)
	const crowd = await crowdAhead(batch)
	await page.getByRole('button', { name: 'Pre-order your seat' }).first().click()
	await expect(page.getByRole('heading', { name: 'You are in the queue' })).toBeVisible()
	return crowd
}

test('a buyer behind a crowd waits on the waiting page with their place, then lands on the payment page', async ({
	page,
}, testInfo) => {
	const crowd = await buyBehindCrowd(page, 10 + testInfo.workerIndex * 2 + testInfo.retry)
	try {
		await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]{22}\/queue$/)
		await expect(page.getByRole('status')).toHaveText(
			/You are (number \d+ in the queue|next)\. About \d+ seconds? to go\./,
		)
		await expect(page.getByRole('button', { name: 'Leave the queue' })).toBeVisible()
		// Its turn: the sandbox's payment page, by itself.
		await expect(page).toHaveURL(/\/checkout\/sandbox\/[A-Za-z0-9_-]{22}$/, { timeout: 15_000 })
		await expect(page.getByLabel('Card number')).toBeVisible()
	} finally {
		await crowdLeaves(crowd)
	}
})

test('a buyer who leaves the queue is told their seats went back on sale', async ({
	page,
}, testInfo) => {
	const crowd = await buyBehindCrowd(page, 11 + testInfo.workerIndex * 2 + testInfo.retry)
	try {
		await page.getByRole('button', { name: 'Leave the queue' }).click()
		await expect(page.getByRole('heading', { name: 'You left the queue' })).toBeVisible()
		await expect(page.getByText('Your seats went back on sale.')).toBeVisible()
	} finally {
		await crowdLeaves(crowd)
	}
})
