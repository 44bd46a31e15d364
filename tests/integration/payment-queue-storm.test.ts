/**
 * A long storm of 429s from the provider (docs/decisions/161): the queued buyer keeps their place
 * and seats for as long as their hold lasts, however many attempts that takes, and reaches the
 * payment page when the provider answers again. The job gives up at the hold's end, not after a
 * count of attempts: a buyer must never read "Checkout failed" while their seats are still held.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { jobs } from '~/db/schema-jobs.server'
import { checkoutInTurn, getCheckout } from '~/models/checkout/index.server'
import { databaseBackends } from '../support/databases'
import { drainJobs, jobsDueNow, stripeInProcessSuite } from '../support/in-process'

const STRIPE_PAGE = /^https:\/\/checkout\.stripe\.com\/c\/pay\//

// Each attempt's own retries of a 429 last at most STRIPE_TIMEOUT_MS: short here.
const inStripeMode = stripeInProcessSuite({
	PAYMENT_PROVIDER_RATE_PER_SECOND: '1',
	STRIPE_TIMEOUT_MS: '100',
})

describe.each(databaseBackends)('a 429 storm on $name', (backend) => {
	const suite = inStripeMode(backend)

	test('a queued buyer keeps place and seats through more refused attempts than any count, and gets the page when the provider answers', async () => {
		const db = suite.database.db
		await db.execute(
			sql`INSERT INTO payment_pace (provider, next_at) VALUES ('stripe', now() + interval '30 seconds')`,
		)
		const bought = await checkoutInTurn(db, {
			code: 'ai-driven-dev-preorder',
			quantity: 1,
			region: 'GLOBAL',
			origin: 'http://localhost:3000',
			clientIp: '10.0.7.1',
		})
		expect(bought.link).toBeNull()
		suite.stripe.limitCreations({ perSecond: 0 })
		try {
			for (let attempt = 0; attempt < 30; attempt++) {
				await db.execute(sql`DELETE FROM payment_pace`)
				await jobsDueNow(suite.database)
				await drainJobs(suite.database)
			}
			const [job] = await db.select().from(jobs).where(sql`${jobs.kind} = 'checkout.open-session'`)
			expect(job?.attempts).toBeGreaterThanOrEqual(30)
			expect(await getCheckout(db, bought.id)).toMatchObject({
				status: 'queued',
				link: null,
			})
		} finally {
			suite.stripe.limitCreations(null)
		}
		await db.execute(sql`DELETE FROM payment_pace`)
		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
		expect((await getCheckout(db, bought.id))?.link).toMatch(STRIPE_PAGE)
	}, 120_000)
})
