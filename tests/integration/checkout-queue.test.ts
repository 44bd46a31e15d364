/**
 * The checkout queue in the models (docs/decisions/161), on PGlite and on PostgreSQL when
 * TEST_DATABASE_URL is set, against the fake Stripe at one session a second: a buyer whose slot
 * is now gets the payment page at once; the next ones wait with their place and an estimate,
 * shown to the owner too; one who leaves moves the others up and gets no page; the job opens the
 * rest in turn, and the hold's clock starts when the page is made.
 */
import { describe, expect, test } from 'vitest'
import {
	cancelCheckout,
	checkoutInTurn,
	getCheckout,
	queueFigures,
} from '~/models/checkout/index.server'
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
		const first = await buy(1)
		const second = await buy(2)
		const third = await buy(3)
		expect(first.link).toMatch(STRIPE_PAGE)
		expect(second.link).toBeNull()
		expect(third.link).toBeNull()

		// One a second, paced at nine tenths of it: 2 and 3 seconds.
		expect(await getCheckout(db, second.id)).toMatchObject({
			status: 'queued',
			link: null,
			queue: { place: 1, waitSeconds: 2 },
		})
		expect((await getCheckout(db, third.id))?.queue).toEqual({ place: 2, waitSeconds: 3 })
		expect(await queueFigures(db)).toEqual({ length: 2, waitSeconds: 3 })

		await cancelCheckout(db, second.id)
		expect((await getCheckout(db, second.id))?.status).toBe('expired')
		expect((await getCheckout(db, third.id))?.queue).toEqual({ place: 1, waitSeconds: 2 })
		expect(await queueFigures(db)).toEqual({ length: 1, waitSeconds: 2 })

		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
		const opened = await getCheckout(db, third.id)
		expect(opened?.status).toBe('pending')
		expect(opened?.link).toMatch(STRIPE_PAGE)
		// The hold runs from the page's making: the reservation (30 min) plus Stripe's grace (2).
		expect(new Date(opened!.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 31 * 60_000)
		expect(suite.stripe.sessionOrderIds()).toEqual([first.id, third.id])
		expect(await queueFigures(db)).toEqual({ length: 0, waitSeconds: 0 })
	})
})
