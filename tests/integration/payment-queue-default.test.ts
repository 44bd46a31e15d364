/**
 * The fair queue is on by default with Stripe (docs/decisions/161): with
 * PAYMENT_PROVIDER_RATE_PER_SECOND unset, Checkout Sessions are paced at Stripe's live-mode limit
 * of 25 a second, and a buyer past the pace waits in the queue with their seats held rather than
 * being refused. (The sandbox has no limit, hence no queue unless the setting asks for one:
 * payment-rate-limit.test.ts and payment-queue.test.ts.)
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { checkoutInTurn, getCheckout } from '~/models/checkout/index.server'
import { paceRate } from '~/models/checkout/queue.server'
import { databaseBackends } from '../support/databases'
import { stripeInProcessSuite } from '../support/in-process'

const inStripeMode = stripeInProcessSuite()

describe.each(databaseBackends)('Stripe with no rate set, on $name', (backend) => {
	const suite = inStripeMode(backend)

	test('sessions are paced at 25 a second, and a buyer past the pace waits in the queue with the seats held', async () => {
		const db = suite.database.db
		expect(paceRate()).toBe(25)
		// A crowd just took the next seconds of the pace.
		await db.execute(
			sql`INSERT INTO payment_pace (provider, next_at) VALUES ('stripe', now() + interval '5 seconds')
				ON CONFLICT (provider) DO UPDATE SET next_at = excluded.next_at`,
		)
		const bought = await checkoutInTurn(db, {
			code: 'ai-driven-dev-preorder',
			quantity: 2,
			region: 'GLOBAL',
			origin: 'http://localhost:3000',
			clientIp: '10.0.9.1',
		})
		expect(bought.link).toBeNull()
		expect(await getCheckout(db, bought.id)).toMatchObject({
			status: 'queued',
			queue: { place: 1 },
			data: { quantity: 2 },
		})
	})
})
