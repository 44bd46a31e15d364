/**
 * A pass's pages in German (issue 38 item 2, docs/decisions/177) against the production build,
 * with plain form posts as a browser without JavaScript sends them: /de/pass/:id asks in German,
 * its field messages and the refusal of a second claim are German, the claim lands on the German
 * thank-you page, and the holder's confirmation arrives in German. The English pages stay as
 * they were. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodedMail, startSmtp } from '../fakes/smtp'
import { paySandbox } from '../support/sandbox'
import { type RunningServer, startServer } from '../support/server'

const PASS = 'ai-driven-development-day-pass'

describe('the pass pages in German', () => {
	let server: RunningServer
	let smtp: Awaited<ReturnType<typeof startSmtp>>

	beforeAll(async () => {
		smtp = await startSmtp()
		server = await startServer({
			RATE_LIMIT_MAX: '10000',
			SMTP_URL: smtp.url,
			SITE_URL: 'http://127.0.0.1',
			CHECKOUT_HOLD_SHARE_PERCENT: '100',
		})
	}, 120_000)
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
	})

	/** A page's HTML without React's text separators, as a reader sees the words. */
	const html = async (response: Response) => (await response.text()).replaceAll('<!-- -->', '')
	const get = (path: string, cookie?: string) =>
		fetch(`${server.url}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} })
	const claim = (path: string, fields: Record<string, string>) =>
		fetch(`${server.url}${path}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams(fields).toString(),
		})

	/** Two day passes bought and paid; their ids. */
	async function buyPasses(email: string): Promise<string[]> {
		const response = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ code: PASS, quantity: 2, region: 'GLOBAL' }),
		})
		expect(response.status).toBe(200)
		const { link } = (await response.json()) as { link: string }
		const cookie = response.headers
			.getSetCookie()
			.find((line) => line.startsWith('checkouts='))!
			.split(';')[0]!
		const id = link.split('/').pop()!
		expect((await paySandbox(`${server.url}/checkout/sandbox/${id}`, { email })).status).toBe(303)
		const { data } = (await (await get(`/checkout/${id}`, cookie)).json()) as {
			data: { passes: string[] }
		}
		return data.passes
	}

	test('/de/pass/:id asks in German, refuses a short name in German, and a claim without JavaScript lands on the German thank-you page with a German confirmation', async () => {
		const [pass] = await buyPasses('teamleitung@example.com')
		const page = await html(await get(`/de/pass/${pass}`))
		expect(page).toContain('<html lang="de"')
		expect(page).toContain('<title>Ihr Pass')
		expect(page).toContain('Lösen Sie diesen Pass mit Namen und E-Mail-Adresse der Person ein')
		expect(page).toContain('>E-Mail<')
		expect(page).toContain('Pass einlösen')
		expect(page).not.toContain('Claim pass')

		const short = await claim(`/de/pass/${pass}`, { name: 'G', email: 'grete@example.com' })
		expect(short.status).toBe(400)
		expect(await html(short)).toContain('Der Name muss mindestens')

		const claimed = await claim(`/de/pass/${pass}`, {
			name: 'Grete Weber',
			email: 'grete@example.com',
		})
		expect(claimed.status).toBe(303)
		expect(claimed.headers.get('location')).toBe(`/de/pass/${pass}/thank-you`)
		const thanks = await html(await get(`/de/pass/${pass}/thank-you`))
		expect(thanks).toContain('<title>Ihr Pass ist eingelöst')
		expect(thanks).toContain('Danke, Grete Weber.')
		expect(thanks).toContain('Am Vortag und eine Stunde vor Beginn')
		expect(thanks).toContain('Wie es weitergeht')
		expect(thanks).toContain('href="/de/blog"')
		expect(thanks).not.toContain('What happens next')

		const [mail] = await smtp.waitFor('grete@example.com')
		const text = Buffer.from(decodedMail(mail!.raw), 'latin1').toString('utf8')
		expect(text).toContain('Hallo Grete Weber,')

		const twice = await claim(`/de/pass/${pass}`, {
			name: 'Eve Intruder',
			email: 'eve@example.com',
		})
		expect(twice.status).toBe(409)
		// The answer is the page again, saying in German whose the pass is now.
		expect(await html(twice)).toContain('Dieser Pass wurde schon von Grete Weber eingelöst.')
		expect(await html(await get(`/de/pass/${pass}`))).toContain(
			'Dieser Pass wurde schon von Grete Weber eingelöst.',
		)
	})

	test('the English pass pages are unchanged', async () => {
		const [pass] = await buyPasses('team-lead@example.com')
		const page = await html(await get(`/pass/${pass}`))
		expect(page).toContain('<html lang="en"')
		expect(page).toContain('Claim this pass with the name and e-mail of the person attending')
		expect(page).toContain('>Email<')
		expect(page).toContain('Claim pass')
		expect(page).not.toContain('Pass einlösen')
		expect(
			(
				await claim(`/pass/${pass}`, { name: 'Ada Lovelace', email: 'ada-pass@example.com' })
			).headers.get('location'),
		).toBe(`/pass/${pass}/thank-you`)
		const thanks = await html(await get(`/pass/${pass}/thank-you`))
		expect(thanks).toContain('Your pass is claimed')
		expect(thanks).toContain(
			'Thank you, Ada Lovelace. Your AI Driven Development Day pass is confirmed.',
		)
		expect(thanks).toContain('The day before, and an hour before the start')
	})
})
