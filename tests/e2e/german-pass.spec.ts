import { expect, test } from '@playwright/test'
import { address, inbox } from './inbox'
import { payInSandbox } from './pay'

// A seat's German page (issue 38 item 2, docs/decisions/177), with JavaScript on (project js)
// and off (project no-js): /de/pass/:id asks in German, a name too short is refused next to the
// field in German, the claim lands on the German thank-you page, and the holder's confirmation
// is German.

test('a seat claimed on its German page: German words, a German field message, the German thank-you page and e-mail', async ({
	page,
	context,
}, testInfo) => {
	const buyer = address(testInfo, 'sitz-kaeufer')
	const holder = address(testInfo, 'sitz-inhaberin')
	await payInSandbox(page, buyer, { quantity: 3 })
	const seats = page.getByRole('region', { name: 'Your seats' })
	const second = await seats.getByRole('link', { name: 'Seat 2' }).getAttribute('href')

	const teammate = await context.newPage()
	await teammate.goto(`/de${second}`)
	await expect(teammate.getByRole('heading', { name: 'Ihr Platz', exact: true })).toBeVisible()
	await teammate.getByLabel('Name').fill('G')
	await teammate.getByLabel('E-Mail').fill(holder)
	await teammate.getByRole('button', { name: 'Platz einlösen' }).click()
	await expect(teammate.getByText('Der Name muss mindestens 2 Zeichen lang sein')).toBeVisible()

	await teammate.getByLabel('Name').fill('Grete Weber')
	await teammate.getByRole('button', { name: 'Platz einlösen' }).click()
	await expect(teammate.getByRole('heading', { name: 'Ihr Platz ist eingelöst' })).toBeVisible()
	await expect(teammate).toHaveURL(new RegExp(`/de${second}/thank-you$`))
	await expect(teammate.getByText('Danke, Grete Weber.', { exact: false })).toBeVisible()

	const mails = await inbox(page, holder)
	expect(mails.map((mail) => mail.subject)).toEqual([
		'Ihr AI Driven Dev: pre-order seat ist bestätigt',
	])
	expect(mails[0]!.text).toContain('Hallo Grete Weber,')
})
