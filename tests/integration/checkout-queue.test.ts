/**
 * The checkout queue in the models (docs/decisions/161), on PGlite and on PostgreSQL when
 * TEST_DATABASE_URL is set, paced at one session a second behind a crowd: buyers wait with their
 * place and an estimate,
 * shown to the owner too; one who leaves moves the others up and gets no page; the job opens the
 * rest in turn, and the hold's clock starts when the page is made.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import type { Job } from '~/jobs/queue.server'
import { NotReadyYet } from '~/jobs/run.server'
import {
	cancelCheckout,
	checkoutInTurn,
	getCheckout,
	queueFigures,
} from '~/models/checkout/index.server'
import { openSessionJob } from '~/models/checkout/queue-open.server'
import { databaseBackends } from '../support/databases'
import { drainJobs, jobsDueNow, stripeInProcessSuite } from '../support/in-process'

const COURSE = 'ai-driven-dev-preorder'
const STRIPE_PAGE = /^https:\/\/checkout\.stripe\.com\/c\/pay\//

const inStripeMode = stripeInProcessSuite({ PAYMENT_PROVIDER_RATE_PER_SECOND: '1' })

describe.each(databaseBackends)('the checkout queue on $name', (backend) => {
	const suite = inStripeMode(backend)

	test('buyers past the pace wait with their place, the owner sees the queue, one who leaves moves the others up, and the job opens the rest in turn', async () => {
		const db = suite.database.db
		const buy = (n: number) =>
			checkoutInTurn(db, {
				code: COURSE,
				quantity: 1,
				region: 'GLOBAL',
				origin: 'http://localhost:3000',
				clientIp: `10.0.${n}.1`,
			})
		// The provider's next slot is a while away (a crowd just went ahead), however slow this
		// machine: every buyer now waits. (The buyer whose slot is now: payment-queue.test.ts.)
		await db.execute(
			sql`INSERT INTO payment_pace (provider, next_at) VALUES ('stripe', now() + interval '30 seconds')`,
		)
		const first = await buy(1)
		const second = await buy(2)
		const third = await buy(3)
		for (const bought of [first, second, third]) expect(bought.link).toBeNull()

		// One a second, paced at nine tenths of it: 2, 3 and 4 seconds.
		expect(await getCheckout(db, first.id)).toMatchObject({
			status: 'queued',
			link: null,
			queue: { place: 1, waitSeconds: 2 },
		})
		expect((await getCheckout(db, second.id))?.queue).toEqual({ place: 2, waitSeconds: 3 })
		expect((await getCheckout(db, third.id))?.queue).toEqual({ place: 3, waitSeconds: 4 })
		expect(await queueFigures(db)).toEqual({ length: 3, waitSeconds: 4 })

		await cancelCheckout(db, second.id)
		expect((await getCheckout(db, second.id))?.status).toBe('expired')
		expect((await getCheckout(db, third.id))?.queue).toEqual({ place: 2, waitSeconds: 3 })
		expect(await queueFigures(db)).toEqual({ length: 2, waitSeconds: 3 })

		await jobsDueNow(suite.database)
		// One by one, as a worker with one free slot takes them: in the queue's order. (Run at once,
		// jobs due together race to the provider: a CI run on PostgreSQL saw the third go first.)
		await drainJobs(suite.database, 60, 1)
		expect((await getCheckout(db, first.id))?.link).toMatch(STRIPE_PAGE)
		const opened = await getCheckout(db, third.id)
		expect(opened?.status).toBe('pending')
		expect(opened?.link).toMatch(STRIPE_PAGE)
		// The hold runs from the page's making: the reservation (30 min) plus Stripe's grace (2).
		expect(new Date(opened!.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 31 * 60_000)
		const ours = new Set([first.id, second.id, third.id])
		expect(suite.stripe.sessionOrderIds().filter((id) => ours.has(id))).toEqual([
			first.id,
			third.id,
		])
		expect(await queueFigures(db)).toEqual({ length: 0, waitSeconds: 0 })
	})

	test('a queued checkout its buyer’s own request is opening is not ready yet for the job: tried again, noted as information', async () => {
		const db = suite.database.db
		await db.execute(
			sql`INSERT INTO payment_pace (provider, next_at) VALUES ('stripe', now() + interval '30 seconds')
				ON CONFLICT (provider) DO UPDATE SET next_at = excluded.next_at`,
		)
		const queued = await checkoutInTurn(db, {
			code: COURSE,
			quantity: 1,
			region: 'GLOBAL',
			origin: 'http://localhost:3000',
			clientIp: '10.0.9.1',
		})
		expect(queued.link).toBeNull()
		await db.execute(
			sql`UPDATE checkout_queue SET opening_until = now() + interval '30 seconds' WHERE order_id = ${queued.id}`,
		)
		const job = openSessionJob(db)
		await expect(
			job.run({ orderId: queued.id }, {} as Job, new AbortController().signal),
		).rejects.toBeInstanceOf(NotReadyYet)
		expect((await getCheckout(db, queued.id))?.status).toBe('queued')
		await cancelCheckout(db, queued.id)
	})
})
