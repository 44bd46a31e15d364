/**
 * A NUL in a form field, or a "two-letter" name of 12 KB of combining marks, is refused with a
 * 400 and the message next to the field, on every public form: nothing is stored, no cookie is
 * set, no e-mail is sent (docs/decisions/103). Against the production build (`npm run build`
 * first) with a fake SMTP server; what was stored is read from the server's own data dir once
 * it has stopped.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from '~/db/client.server'
import { MESSAGES } from '~/forms/messages'
import { startSmtp } from '../../fakes/smtp'
import { SANDBOX_CARD } from '../../support/sandbox'
import { queueSettled, type RunningServer, startServer } from '../../support/server'

const NUL = '\u0000'
// Two letters as a person counts them; about 12 KB as the database would.
const HUGE_NAME = `Ab${'\u0301'.repeat(6000)}`
const PASS = 'ai-driven-development-day-pass'

/** The message inside the field's error element (app/components/field.tsx), HTML-escaped. */
function fieldError(html: string, field: string): string | undefined {
	const match = new RegExp(`id="[^"]*-${field}-error"[^>]*><p>([^<]*)</p>`).exec(html)
	return match?.[1]?.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&')
}

describe('control characters and huge graphemes in the public forms', () => {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'control-characters-'))
	let server: RunningServer
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	let checkouts = ''

	beforeAll(async () => {
		smtp = await startSmtp()
		server = await startServer({ SMTP_URL: smtp.url, RATE_LIMIT_MAX: '1000', DATA_DIR: dataDir })
	}, 120_000)
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
		fs.rmSync(dataDir, { recursive: true, force: true })
	})

	async function honeypot(pathname: string) {
		const html = await (await fetch(`${server.url}${pathname}`)).text()
		return {
			website: '',
			from__confirm: html.match(/name="from__confirm"[^>]*value="([^"]+)"/)![1]!,
		}
	}

	const post = (pathname: string, fields: Record<string, string>) =>
		fetch(`${server.url}${pathname}`, {
			method: 'POST',
			redirect: 'manual',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				origin: server.url,
				...(checkouts ? { cookie: checkouts } : {}),
			},
			body: new URLSearchParams(fields),
		})

	/** Posts the form and expects a 400 with `message` next to `field`, and no cookie. */
	async function refused(
		pathname: string,
		fields: Record<string, string>,
		field: string,
		message: string,
	) {
		const response = await post(pathname, fields)
		expect(response.status).toBe(400)
		expect(fieldError(await response.text(), field)).toBe(message)
		expect(response.headers.getSetCookie().filter((c) => !c.startsWith('checkouts='))).toEqual([])
	}

	const cases = [
		{ page: '/workshop', action: '/workshop?index', field: 'firstName', list: 'workshop' },
		{
			page: '/ai-driven-development-day',
			action: '/ai-driven-development-day?index',
			field: 'firstName',
			list: 'day_event',
		},
		{ page: '/onboarding', action: '/onboarding', field: 'firstName', list: 'onboarding' },
	]

	for (const form of cases) {
		test(`${form.page}: a NUL in the first name is refused next to the field`, async () => {
			await refused(
				form.action,
				{
					...(await honeypot(form.page)),
					email: `nul-${form.list}@example.com`,
					firstName: `Ada${NUL}`,
				},
				form.field,
				MESSAGES.firstNameControl,
			)
		})

		test(`${form.page}: a first name that reverses the text after it is refused next to the field`, async () => {
			await refused(
				form.action,
				{
					...(await honeypot(form.page)),
					// The `nul-` prefix puts it among what the last test finds neither stored nor sent.
					email: `nul-direction-${form.list}@example.com`,
					firstName: 'Ada\u202Eecilop',
				},
				form.field,
				MESSAGES.firstNameDirection,
			)
		})

		test(`${form.page}: a two-letter name of 12 KB of combining marks is too long`, async () => {
			await refused(
				form.action,
				{
					...(await honeypot(form.page)),
					email: `huge-${form.list}@example.com`,
					firstName: HUGE_NAME,
				},
				form.field,
				MESSAGES.firstNameLong,
			)
		})
	}

	test('/onboarding: a NUL in the last name or the avatar URL is refused next to the field', async () => {
		const base = { ...(await honeypot('/onboarding')), email: 'nul-onboarding@example.com' }
		await refused(
			'/onboarding',
			{ ...base, lastName: `Love${NUL}lace` },
			'lastName',
			MESSAGES.lastNameControl,
		)
		await refused(
			'/onboarding',
			{ ...base, avatar: `https://example.com/a${NUL}.png` },
			'avatar',
			MESSAGES.avatar,
		)
	})

	test('/post-insiders-survey: a NUL in an answer is refused next to the field', async () => {
		await refused(
			'/post-insiders-survey',
			{
				...(await honeypot('/post-insiders-survey')),
				email: 'nul-survey@example.com',
				rating: '5',
				helped: `Very much${NUL}`,
			},
			'helped',
			MESSAGES.surveyAnswerControl,
		)
	})

	test('/pass/:id: a NUL or 12 KB of marks in the holder name is refused next to the field', async () => {
		const created = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ code: PASS, quantity: 1 }),
		})
		expect(created.status).toBe(200)
		checkouts = created.headers
			.getSetCookie()
			.find((c) => c.startsWith('checkouts='))!
			.split(';')[0]!
		const id = ((await created.json()) as { link: string }).link.split('/').pop()!
		const paid = await post(`/checkout/sandbox/${id}`, {
			intent: 'pay',
			email: 'buyer@example.com',
			...SANDBOX_CARD,
		})
		expect(paid.status).toBe(303)
		const status = await fetch(`${server.url}/checkout/${id}`, { headers: { cookie: checkouts } })
		const [pass] = ((await status.json()) as { data: { passes: string[] } }).data.passes
		const email = 'nul-pass@example.com'
		await refused(
			`/pass/${pass}`,
			{ name: `Ada${NUL}Lovelace`, email },
			'name',
			MESSAGES.passNameControl,
		)
		await refused(`/pass/${pass}`, { name: HUGE_NAME, email }, 'name', MESSAGES.passNameLong)
		await refused(
			`/pass/${pass}`,
			{ name: 'Ada \u2067Lovelace', email },
			'name',
			MESSAGES.passNameDirection,
		)
	})

	test('nothing refused was stored or sent', async () => {
		await queueSettled(server)
		const sent = smtp.received.filter((mail) => /(nul|huge)-/.test(mail.to.join(',')))
		expect(sent).toEqual([])
		await server.stop()
		const database = await openDatabase({ dir: path.join(dataDir, 'pglite') })
		try {
			const count = async (query: ReturnType<typeof sql>) =>
				Number(
					((await database.db.execute(query)) as unknown as { rows: { n: unknown }[] }).rows[0]!.n,
				)
			expect(await count(sql`SELECT count(*) AS n FROM leads WHERE email ~ '^(nul|huge)-'`)).toBe(0)
			expect(
				await count(sql`SELECT count(*) AS n FROM survey_responses WHERE email ~ '^(nul|huge)-'`),
			).toBe(0)
			expect(await count(sql`SELECT count(*) AS n FROM passes WHERE claimed_at IS NOT NULL`)).toBe(
				0,
			)
			expect(
				await count(sql`SELECT count(*) AS n FROM outbox WHERE to_address ~ '^(nul|huge)-'`),
			).toBe(0)
		} finally {
			await database.close()
		}
	})
})
