import { expect, type Page, test } from '@playwright/test'
import { baseURL } from '../../playwright.config'
import { address, inbox } from './inbox'
import { payInSandbox } from './pay'

// Seats to share (issue 25, item 4; docs/decisions/118), with JavaScript on (project js) and off
// (project no-js): a course order of three seats gives the buyer one claim link per seat on the
// thank-you page and in the receipt; a teammate claims one and gets a confirmation; the buyer's
// page shows who claimed which seat; a second claim of the same seat is refused next to the form.

async function buyThreeSeats(page: Page, buyer: string) {
	await payInSandbox(page, buyer, { quantity: 3 })
	await expect(page.getByRole('heading', { name: 'Your seats' })).toBeVisible()
}

test('three seats give three claim links; a teammate claims one, is e-mailed, and the buyer sees who', async ({
	page,
	context,
	browser,
}, testInfo) => {
	const buyer = address(testInfo, 'seat-buyer')
	const holder = address(testInfo, 'seat-holder')
	await buyThreeSeats(page, buyer)
	const orderPage = page.url()
	const seats = page.getByRole('region', { name: 'Your seats' })
	for (const n of [1, 2, 3])
		await expect(seats.getByRole('listitem').nth(n - 1)).toHaveText(`Seat ${n} — not claimed yet`)

	const [receipt, ...more] = await inbox(page, buyer)
	expect(more).toEqual([])
	expect(receipt?.text).toContain('Your 3 seats are in this order, one of them yours.')
	const seatLinks = receipt?.text.match(/http:\/\/[^\s"<]+\/pass\/[A-Za-z0-9_-]{22}/g) ?? []
	expect(new Set(seatLinks).size).toBe(3)
	for (const link of seatLinks) expect(link.startsWith(`${baseURL}/pass/`)).toBe(true)
	const second = await seats.getByRole('link', { name: 'Seat 2' }).getAttribute('href')
	expect(seatLinks).toContain(`${baseURL}${second}`)

	// A teammate opens the second link (from the receipt) and claims it.
	const teammate = await context.newPage()
	await teammate.goto(second!)
	await expect(teammate.getByRole('heading', { name: 'Your seat' })).toBeVisible()
	await teammate.getByLabel('Name').fill('Grace Hopper')
	await teammate.getByLabel('Email').fill(holder)
	await teammate.getByRole('button', { name: 'Claim seat' }).click()
	await expect(teammate.getByRole('heading', { name: 'Your seat is claimed' })).toBeVisible()
	await expect(teammate.getByText('We e-mail the access to that address.')).toBeVisible()
	// Whoever has the seat's link opens this page: it names no address (decision 132).
	await expect(teammate.getByText(holder)).toHaveCount(0)

	const mails = await inbox(page, holder)
	expect(mails.map((mail) => mail.subject)).toEqual([
		'Your AI Driven Dev: pre-order seat is confirmed',
	])
	expect(mails[0]!.text).toContain('Hi Grace Hopper,')

	// The buyer's own order page now names the holder of seat 2, and only of seat 2.
	await page.goto(orderPage)
	await expect(seats.getByRole('listitem').nth(1)).toHaveText('Seat 2 — claimed by Grace Hopper')
	await expect(seats.getByRole('listitem').nth(0)).toHaveText('Seat 1 — not claimed yet')
	expect(await inbox(page, buyer)).toHaveLength(1)

	// On another device, the receipt's signed order link shows the buyer the same.
	const orderLink = receipt?.text.match(
		/http:\/\/[^\s"<]+\/checkout\/[A-Za-z0-9_-]{22}\/thank-you\?key=[A-Za-z0-9_.%-]+/,
	)?.[0]
	expect(orderLink).toBeDefined()
	// Another browser, as this project's: the same (normal) user agent, JavaScript on or off.
	const elsewhere = await browser.newContext({
		javaScriptEnabled: testInfo.project.name === 'js',
		userAgent: await page.evaluate(() => navigator.userAgent),
	})
	const device = await elsewhere.newPage()
	await device.goto(orderLink!)
	expect(device.url()).toBe(orderPage)
	await expect(
		device.getByRole('region', { name: 'Your seats' }).getByRole('listitem').nth(1),
	).toHaveText('Seat 2 — claimed by Grace Hopper')
	await elsewhere.close()
})

test('a seat claimed meanwhile refuses the second claim, names its holder, and keeps them', async ({
	page,
	context,
}, testInfo) => {
	await buyThreeSeats(page, address(testInfo, 'race-buyer'))
	const link = await page
		.getByRole('region', { name: 'Your seats' })
		.getByRole('link', { name: 'Seat 3' })
		.getAttribute('href')

	// Two people hold the same link open; the first claims it.
	const late = await context.newPage()
	await late.goto(link!)
	await late.getByLabel('Name').fill('Eve Late')
	await late.getByLabel('Email').fill(address(testInfo, 'late'))
	const first = await context.newPage()
	await first.goto(link!)
	await first.getByLabel('Name').fill('Ada Lovelace')
	await first.getByLabel('Email').fill(address(testInfo, 'first'))
	await first.getByRole('button', { name: 'Claim seat' }).click()
	await expect(first.getByRole('heading', { name: 'Your seat is claimed' })).toBeVisible()

	await late.getByRole('button', { name: 'Claim seat' }).click()
	// The 409 page shows the seat and its holder, no form: drawn afresh without JavaScript; with
	// it, the page's data is loaded again after the action (Remix revalidates after any action),
	// so the refusal beside the form shows only until that answer is in.
	await expect(late.getByRole('status')).toHaveText(
		/^This seat has already been claimed by Ada Lovelace\./,
	)
	await expect(late.getByRole('button', { name: 'Claim seat' })).toHaveCount(0)
	await expect(late.getByText('Eve Late')).toHaveCount(0)
	await late.goto(link!)
	await expect(late.getByText('This seat has already been claimed by Ada Lovelace.')).toBeVisible()
})
