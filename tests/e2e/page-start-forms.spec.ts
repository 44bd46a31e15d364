import { expect, type Locator, type Page, type Request, test } from '@playwright/test'
import { holdScripts, hydrated, pageHydrated } from './hydration'
import { address, inbox } from './inbox'

// Issue 23 (4): a form filled and submitted at any moment while the page starts — before its
// scripts run, while React hydrates, right after, once the form's island has hydrated — on a
// 4× slower CPU, is received exactly once and the visitor sees the result. Each form's
// submissions are counted as the server receives them (every POST the page sends to the
// form's action) and by what the server did (the visitor's inbox at the mail peer, the orders
// the site's signed `checkouts` cookie lists).

type Moment = {
	name: string
	/** Waits, with the form filled, until the moment to submit it. */
	reach(page: Page, scripts: { release: () => void }, submit: Locator): Promise<void>
}

// The scripts are released after the submission in the first moment: they then run while the
// browser posts the form, as on a phone whose scripts arrive late.
const MOMENTS: Moment[] = [
	{ name: 'before the scripts run', reach: async () => {} },
	{
		name: 'while the page hydrates',
		async reach(page, scripts) {
			const entry = page.waitForResponse(/\/assets\/entry\.client-[^/]+\.js$/)
			scripts.release()
			await entry
		},
	},
	{
		name: 'right after the page hydrated',
		async reach(page, scripts) {
			scripts.release()
			await pageHydrated(page)
		},
	},
	{
		name: 'once the form has hydrated',
		async reach(_page, scripts, submit) {
			scripts.release()
			await hydrated(submit)
		},
	},
]

/**
 * How long the answer may take on a 4× slower CPU. A JavaScript navigation first hydrates every
 * island it re-renders (app/components/deferred.tsx): after a sign-up on the day page, whose
 * islands had not loaded yet, that took up to 11 s on a busy 2-core machine.
 */
const ANSWERED = { timeout: 20_000 }

type Form = {
	name: string
	path: string
	/** The path of the form's action, whose POSTs are counted. */
	action: string
	submit: (page: Page) => Locator
	fill(page: Page, email: string): Promise<void>
	/** What the visitor sees, then what the server did: once. */
	received(page: Page, email: string): Promise<void>
}

async function signedUpOnce(page: Page, email: string, subject: string) {
	expect((await inbox(page, email)).map((mail) => mail.subject)).toEqual([subject])
}

/**
 * The orders this browser started, as the site remembers them in its signed `checkouts` cookie
 * (a Remix signed cookie: base64 JSON, a dot, the signature).
 */
async function checkoutsOfThisBrowser(page: Page): Promise<string[]> {
	const cookie = (await page.context().cookies()).find((c) => c.name === 'checkouts')
	if (!cookie) return []
	const value = decodeURIComponent(cookie.value)
	const data = value.slice(0, value.lastIndexOf('.'))
	return JSON.parse(decodeURIComponent(escape(atob(data)))) as string[]
}

async function checkedOutOnce(page: Page, item: string) {
	await expect(page).toHaveURL(/\/checkout\/sandbox\/[A-Za-z0-9_-]{22}$/, ANSWERED)
	await expect(page.getByText(item)).toBeVisible()
	const id = new URL(page.url()).pathname.split('/').pop()
	expect(await checkoutsOfThisBrowser(page)).toEqual([id])
}

const FORMS: Form[] = [
	{
		name: 'the workshop sign-up',
		path: '/workshop',
		action: '/workshop',
		submit: (page) => page.getByRole('button', { name: 'Sign up for the workshop' }),
		fill: (page, email) => page.getByLabel('E-mail address').fill(email),
		async received(page, email) {
			await expect(page.getByRole('heading', { name: "You're signed up" })).toBeVisible(ANSWERED)
			await signedUpOnce(page, email, "You're signed up for the free workshop")
		},
	},
	{
		name: 'the day-event registration',
		path: '/ai-driven-development-day',
		action: '/ai-driven-development-day',
		submit: (page) => page.getByRole('button', { name: 'Register' }),
		fill: (page, email) => page.getByLabel('E-mail address').fill(email),
		async received(page, email) {
			await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible(ANSWERED)
			await signedUpOnce(page, email, 'Confirm your registration for AI Driven Development Day')
		},
	},
	{
		// The landing's own text sections are the server's HTML (docs/decisions/147): they stay
		// as the server wrote them while the page starts, whenever the form is sent.
		name: 'the course-interest sign-up',
		path: '/',
		action: '/',
		submit: (page) => page.locator('#interest').getByRole('button', { name: 'Keep me posted' }),
		fill: (page, email) => page.locator('#interest').getByLabel('E-mail address').fill(email),
		async received(page, email) {
			await expect(
				page.getByRole('heading', { name: "You're in! We'll be in touch." }),
			).toBeVisible(ANSWERED)
			await signedUpOnce(page, email, "You're in: AI Driven Dev")
		},
	},
	{
		name: 'the course pre-order',
		path: '/',
		action: '/checkout',
		submit: (page) => page.getByRole('button', { name: 'Pre-order your seat' }),
		fill: async () => {},
		received: (page) => checkedOutOnce(page, '1 × AI Driven Dev: pre-order seat'),
	},
	{
		name: 'the day-pass checkout',
		path: '/ai-driven-development-day',
		action: '/checkout',
		submit: (page) => page.getByRole('button', { name: 'Buy passes' }).first(),
		fill: (page) => page.getByLabel('Quantity').first().fill('2'),
		received: (page) => checkedOutOnce(page, '2 × AI Driven Development Day pass'),
	},
	{
		name: 'the insiders survey',
		path: '/post-insiders-survey',
		action: '/post-insiders-survey',
		submit: (page) => page.getByRole('button', { name: 'Send answers' }),
		async fill(page, email) {
			await page.getByLabel('E-mail address').fill(email)
			await page.getByLabel('4 · Very good').check()
			await page.getByLabel('What helped you most?').fill('Seeing it built live')
		},
		// The answers are stored once per POST (app/models/leads/leads.server.ts): the POSTs counted
		// below are the record.
		received: (page) =>
			expect(page.getByText('Thank you! Your answers help us make the course better.')).toBeVisible(
				ANSWERED,
			),
	},
]

/**
 * POSTs the page sends to `action`: the document's (a native submission) and scripts' alike. A
 * script's submission through Remix's form is single fetch's data request (docs/decisions/143):
 * `/workshop.data`, and `/_root.data` for `/`.
 */
function countPosts(page: Page, action: string): Request[] {
	const paths = [action, action === '/' ? '/_root.data' : `${action}.data`]
	const posts: Request[] = []
	page.on('request', (request) => {
		if (request.method() === 'POST' && paths.includes(new URL(request.url()).pathname))
			posts.push(request)
	})
	return posts
}

test.describe('a form submitted while the page starts, on a 4× slower CPU', () => {
	test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the page starts its scripts')

	test.beforeEach(async ({ page }) => {
		// A throttled page starts slowly; the moments themselves are awaited, not timed.
		test.slow()
		const cdp = await page.context().newCDPSession(page)
		await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
	})

	for (const [f, form] of FORMS.entries()) {
		for (const [m, moment] of MOMENTS.entries()) {
			test(`${form.name}, submitted ${moment.name}, is received once and answered`, async ({
				page,
			}, testInfo) => {
				const email = address(testInfo, `start-${f}-${m}-${testInfo.repeatEachIndex}`)
				const posts = countPosts(page, form.action)
				const scripts = await holdScripts(page)
				await page.goto(form.path, { waitUntil: 'domcontentloaded' })
				await form.fill(page, email)
				await moment.reach(page, scripts, form.submit(page))
				await form.submit(page).click()
				scripts.release()
				// Tells a lost submission from a slow answer when the next step fails.
				await expect
					.poll(() => posts.length, { message: 'the form was sent', ...ANSWERED })
					.toBeGreaterThan(0)
				await form.received(page, email)
				expect(posts).toHaveLength(1)
			})
		}
	}
})
