/**
 * A honeypot token is good for one submission (issue 33 item 2, docs/decisions/137): the probe
 * sent 100 sign-ups with invented addresses, all with one page's token. The model spends the
 * token with a fingerprint of the submission before anything is stored; the same submission
 * sent again goes on as before. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { formTokens, leads, outbox } from '~/db/schema-leads.server'
import type { AttributionFacts } from '~/domain/attribution'
import { MESSAGES } from '~/forms/messages'
import { honeypotProps } from '~/http/honeypot.server'
import { jobDefinitions } from '~/job-worker.server'
import { HONEYPOT_MAX_AGE_MS } from '~/models/leads/form-tokens.server'
import { submitSignup, submitSurvey } from '~/models/leads/signups.server'
import { databaseBackends } from '../support/databases'
import { leaveInProcess, useInProcess } from '../support/in-process'

const attribution: AttributionFacts = { partnerKey: null, referralUrl: null, marketing: {} }
const origin = 'https://site.test'

describe.each(databaseBackends)('a form token is good for one submission on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>

	beforeAll(async () => {
		useInProcess()
		;({ database, cleanup } = await backend.open())
		await prepareDatabase(database)
	})
	afterAll(async () => {
		leaveInProcess()
		await cleanup?.()
	})

	const signUp = (email: string, formToken: string) =>
		submitSignup(database.db, {
			value: { email },
			list: 'course',
			attribution,
			origin,
			formToken,
		})
	const stored = async (email: string) => ({
		leads: (await database.db.select().from(leads).where(eq(leads.email, email))).length,
		emails: (await database.db.select().from(outbox).where(eq(outbox.toAddress, email))).length,
	})

	test('one token, five addresses: the first is signed up, the other four are refused and store nothing', async () => {
		const token = honeypotProps().validFrom
		const addresses = [1, 2, 3, 4, 5].map((n) => `invented-${n}@example.com`)
		const outcomes = []
		for (const email of addresses) outcomes.push(await signUp(email, token))
		expect(outcomes[0]).toEqual({ status: 'ok', redirectTo: '/enrolled' })
		for (const outcome of outcomes.slice(1)) {
			expect(outcome).toEqual({ status: 'refused', formErrors: [MESSAGES.formAlreadySent] })
		}
		expect(await stored(addresses[0]!)).toEqual({ leads: 1, emails: 1 })
		for (const email of addresses.slice(1))
			expect(await stored(email)).toEqual({ leads: 0, emails: 0 })
		// A fresh page's token signs the next address up.
		expect((await signUp(addresses[1]!, honeypotProps().validFrom)).status).toBe('ok')
	})

	test('the same token and address twice (a double click, a retry) is one sign-up and one e-mail', async () => {
		const token = honeypotProps().validFrom
		expect(await signUp('twice@example.com', token)).toEqual({
			status: 'ok',
			redirectTo: '/enrolled',
		})
		expect(await signUp('Twice@Example.com', token)).toEqual({
			status: 'ok',
			redirectTo: '/enrolled',
		})
		expect(await stored('twice@example.com')).toEqual({ leads: 1, emails: 1 })
	})

	test('a token is spent per form: the survey refuses a token the sign-up used for another address', async () => {
		const token = honeypotProps().validFrom
		expect((await signUp('first-form@example.com', token)).status).toBe('ok')
		const survey = await submitSurvey(database.db, {
			value: { email: 'other@example.com', rating: 5, mayQuote: false },
			attribution,
			formToken: token,
		})
		expect(survey.status).toBe('refused')
	})

	test('no address is kept with a token, and the hourly job deletes tokens used more than a day ago', async () => {
		const token = honeypotProps().validFrom
		await signUp('kept-a-day@example.com', token)
		const rows = await database.db.select().from(formTokens)
		expect(JSON.stringify(rows)).not.toContain('kept-a-day')
		await database.db.execute(
			sql`UPDATE form_tokens SET used_at = now() - make_interval(secs => ${HONEYPOT_MAX_AGE_MS / 1_000 + 60}) WHERE token <> ${token}`,
		)
		const job = jobDefinitions(database.db).find((one) => one.kind === 'form-tokens.prune')!
		expect(job.everySeconds).toBe(3_600)
		await job.run({}, {} as never, new AbortController().signal)
		const left = await database.db.select({ token: formTokens.token }).from(formTokens)
		expect(left).toEqual([{ token }])
	})
})
