import { expect, test } from '@playwright/test'
import { baseURL } from '../../playwright.config'
import { decodedMail } from '../fakes/smtp'
import { dayPattern, workshopSessions } from '../support/site-events'
import { hydrated } from './hydration'
import { address, inbox } from './inbox'
import { signupLink } from './signup-link'

// Workshop sessions (docs/decisions/110), with JavaScript on (project js) and off (no-js): the
// visitor picks a session with a radio button, the nearest one chosen by default; the page they
// land on and the confirmation (read from the mail peer) name it, and the calendar file attached
// is that session's alone. The sessions are the build's (tests/support/site-events.ts): the test
// build moves content/site/events.yml's ahead of today (docs/decisions/125).

const [NEAREST, LATER_SESSION] = workshopSessions()
const LATER = { id: LATER_SESSION!.id, date: dayPattern(LATER_SESSION!) }

/** Every calendar file attached to a message (base64 MIME parts), decoded. */
function attachedCalendars(raw: string): string[] {
	return raw
		.split('Content-Type: text/calendar')
		.slice(1)
		.map((part) => {
			const body = part.split(/\r?\n\r?\n/)[1] ?? ''
			return Buffer.from(body.split('--')[0]!.replace(/\s/g, ''), 'base64').toString('utf8')
		})
}

test('the nearest session is chosen by default; a later one chosen instead is the one the page and the e-mail name, its calendar file alone attached', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'later-session')
	await page.goto('/workshop')
	const sessions = page.getByRole('group', { name: 'Session' })
	const radios = sessions.getByRole('radio')
	expect(await radios.count()).toBeGreaterThanOrEqual(2)
	await expect(radios.first()).toBeChecked()
	const later = sessions.getByRole('radio', { name: LATER.date })
	await expect(later).not.toBeChecked()

	await later.check()
	await page.getByLabel('First name (optional)').fill('Ada')
	await page.getByLabel('E-mail address').fill(email)
	await page.getByRole('button', { name: 'Sign up for the workshop' }).click()

	await expect(page).toHaveURL(`/workshop/enrolled?session=${LATER.id}`)
	// The same page whether or not the address was signed up before (docs/decisions/131).
	await expect(page.getByRole('heading', { name: "You're signed up" })).toBeVisible()
	await expect(
		page.getByText(
			new RegExp(
				`Check your inbox: your seat in Free workshop: AI in your development workflow on .*${LATER.date.source}.* is yours once you follow the link in the e-mail`,
			),
		),
	).toBeVisible()
	const calendarLinks = page.getByRole('link', { name: /^Add to calendar \(\.ics\)/ })
	await expect(calendarLinks).toHaveCount(1)
	await expect(calendarLinks).toHaveAttribute('href', `/calendar/${LATER.id}.ics`)

	const mails = await inbox(page, email)
	expect(mails.map((mail) => mail.subject)).toEqual(["You're signed up for the free workshop"])
	const text = decodedMail(mails[0]!.text)
	expect(text).toContain("You're signed up for Free workshop: AI in your development workflow.")
	expect(text).toMatch(LATER.date)
	expect(text).not.toMatch(dayPattern(NEAREST!))
	const calendars = attachedCalendars(mails[0]!.text)
	expect(calendars).toHaveLength(1)
	expect(calendars[0]!.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(1)
	expect(calendars[0]).toMatch(new RegExp(`^UID:${LATER.id}@127\\.0\\.0\\.1\\r$`, 'm'))
})

test('a forged session id is refused next to the field, and the form keeps what was typed', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'forged-session')
	await page.goto('/workshop')
	await page.getByLabel('First name (optional)').fill('Ada')
	await page.getByLabel('E-mail address').fill(email)
	// What a hand-made post would send: a session that does not exist. The post is rewritten on
	// its way out, so no re-render of the form's island can put the real value back first.
	const radio = page.getByRole('group', { name: 'Session' }).getByRole('radio').first()
	if (testInfo.project.name === 'js') await hydrated(radio)
	const field = (await radio.getAttribute('name'))!
	// With JavaScript the form posts single fetch's data request (/workshop.data).
	await page.route(/\/workshop(\.data)?(\?|$)/, async (route) => {
		const body = route.request().postData()
		if (route.request().method() !== 'POST' || body === null) return route.continue()
		const form = new URLSearchParams(body)
		form.set(field, 'workshop-1999-01-01')
		await route.continue({ postData: form.toString() })
	})
	await page.getByRole('button', { name: 'Sign up for the workshop' }).click()

	const sessions = page.getByRole('group', { name: 'Session' })
	await expect(sessions.getByText('Please choose one of the sessions listed')).toBeVisible()
	await expect(sessions).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByLabel('E-mail address')).toHaveValue(email)
	await expect(page.getByLabel('First name (optional)')).toHaveValue('Ada')
	expect(await inbox(page, email)).toEqual([])
})

test('a form posted by hand with a session that is not offered answers 400 with the message, and stores nothing', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'past-session')
	const html = await (await page.request.get('/workshop')).text()
	const field = (name: string) =>
		html.match(new RegExp(`name="${name}"[^>]*value="([^"]*)"`))?.[1] ?? ''
	const response = await page.request.post('/workshop?index', {
		form: {
			website: field('website'),
			from__confirm: field('from__confirm'),
			email,
			// Shaped like a session id, but of a date long past: no such session is offered.
			session: 'workshop-2020-01-01',
		},
		headers: { Origin: baseURL },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(400)
	expect(await response.text()).toContain('Please choose one of the sessions listed')
	expect(await inbox(page, email)).toEqual([])
})

test('a one-click workshop link signs up for the nearest session, which the page and the e-mail name', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'oneclick-session')
	await page.goto(signupLink(email, 'workshop').replace(baseURL, ''))
	if (testInfo.project.name === 'no-js')
		await page.getByRole('button', { name: 'Confirm sign-up' }).click()
	await expect(page).toHaveURL(/\/workshop\/enrolled\?session=workshop-[\d-]+$/)
	const session = new URL(page.url()).searchParams.get('session')!
	const calendarLinks = page.getByRole('link', { name: /^Add to calendar \(\.ics\)/ })
	await expect(calendarLinks).toHaveAttribute('href', `/calendar/${session}.ics`)
	const [mail] = await inbox(page, email)
	const calendars = attachedCalendars(mail?.text ?? '')
	expect(calendars).toHaveLength(1)
	expect(calendars[0]).toMatch(new RegExp(`^UID:${session}@127\\.0\\.0\\.1\\r$`, 'm'))
})

/** The link of `path` in a message's text (quoted-printable decoded), on this server. */
function linkIn(mail: { text: string }, path: string): string {
	const url = new RegExp(`https?://[^/\\s]+${path}\\?token=[\\w.-]+`).exec(
		decodedMail(mail.text),
	)?.[0]
	expect(url, `${path} link`).toBeTruthy()
	return new URL(url!).pathname + new URL(url!).search
}

/** Signs `email` up for the session `date` names, as a visitor would. */
async function signUpFor(
	page: import('@playwright/test').Page,
	email: string,
	date: RegExp,
	firstName?: string,
) {
	await page.goto('/workshop')
	await page.getByRole('group', { name: 'Session' }).getByRole('radio', { name: date }).check()
	if (firstName) await page.getByLabel('First name (optional)').fill(firstName)
	await page.getByLabel('E-mail address').fill(email)
	await page.getByRole('button', { name: 'Sign up for the workshop' }).click()
	await expect(page.getByText(/^Check your inbox: your seat in/)).toBeVisible()
}

test('the confirmation’s link confirms the place; a second sign-up for the address changes nothing until the link e-mailed to it is followed and its button pressed', async ({
	page,
}, testInfo) => {
	const email = address(testInfo, 'known-address')
	const nearest = dayPattern(NEAREST!)
	await signUpFor(page, email, nearest, 'Ada')
	const [confirmation] = await inbox(page, email)
	await page.goto(linkIn(confirmation!, '/workshop/confirm'))
	await expect(page.getByRole('heading', { name: 'Your place is confirmed' })).toBeVisible()

	// Someone else types the address, another session and another name: the page they get is
	// the one any sign-up gets, and the person is asked by e-mail.
	await page.context().clearCookies()
	await signUpFor(page, email, LATER.date, 'Hacked')
	await expect(page).toHaveURL(`/workshop/enrolled?session=${LATER.id}`)
	const mails = await inbox(page, email)
	expect(mails.map((mail) => mail.subject)).toEqual([
		"You're signed up for the free workshop",
		'You are already signed up for Free workshop: AI in your development workflow',
	])
	const offer = decodedMail(mails[1]!.text)
	expect(offer).toContain('Hi Ada,')
	expect(offer).not.toContain('Hacked')
	expect(offer).toMatch(
		/You are already signed up for Free workshop: AI in your development workflow on .+ move to .+\?/,
	)

	// Opening the link moves nothing (mail scanners open links); the button does.
	await page.goto(linkIn(mails[1]!, '/workshop/move'))
	await expect(page.getByRole('heading', { name: 'Move your workshop place?' })).toBeVisible()
	expect(await inbox(page, email)).toHaveLength(2)
	await page.getByRole('button', { name: 'Move me to this session' }).click()
	await expect(page.getByRole('heading', { name: 'Your place is moved' })).toBeVisible()
	const after = await inbox(page, email)
	expect(after).toHaveLength(3)
	const moved = decodedMail(after[2]!.text)
	expect(moved).toContain('Hi Ada,')
	expect(moved).toMatch(LATER.date)
	expect(attachedCalendars(after[2]!.text)[0]).toMatch(
		new RegExp(`^UID:${LATER.id}@127\\.0\\.0\\.1\\r$`, 'm'),
	)
})
