/**
 * The payment provider's fee (docs/decisions/124), against the Stripe-shaped fake: after a
 * payment a job reads the payment intent's latest charge's balance transaction (expanded) and
 * stores its fee on the order; the money figures and their CSV then carry it on the day paid.
 * A fee Stripe has not settled yet is asked for again; the sandbox queues no such job.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Database, openDatabase } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { orders } from '~/db/schema.server'
import { jobs } from '~/db/schema-jobs.server'
import { dayInZone } from '~/domain/time'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { applyPaymentEvent, createCheckout } from '~/models/checkout/index.server'
import { moneyCsvRows, moneyFeeNote, readMoney } from '~/models/checkout/money.server'
import {
	FAKE_STRIPE_KEY,
	FAKE_WEBHOOK_SECRET,
	type FakeStripe,
	startFakeStripe,
} from '../fakes/stripe'
import { drainJobs, jobsDueNow, leaveInProcess, useInProcess } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'

describe("the provider's fee in Stripe mode", () => {
	let stripe: FakeStripe
	let database: Database

	beforeAll(async () => {
		stripe = await startFakeStripe()
		database = await openDatabase({})
		await prepareDatabase(database)
		useInProcess({
			STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
			STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
			STRIPE_API_URL: stripe.url,
		})
	})
	afterAll(async () => {
		leaveInProcess()
		await database?.close()
		await stripe?.close()
	})

	const pay = async () => {
		const { id } = await createCheckout(database.db, {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: 'http://site.test',
		})
		const session = stripe.complete(stripe.sessionOf(id).id)
		const { payload, signature } = stripe.event('checkout.session.completed', session)
		await applyPaymentEvent(database.db, getPaymentProvider().verifyEvent!(payload, signature)!)
		return id
	}
	const orderOf = async (id: string) =>
		(await database.db.select().from(orders).where(eq(orders.id, id)))[0]!

	test('a job after the payment stores the balance transaction fee, and the figures and CSV show it', async () => {
		stripe.setFee({ amount: 175, currency: 'eur' })
		const id = await pay()
		const queued = await database.db.select().from(jobs).where(eq(jobs.kind, 'checkout.fee'))
		expect(queued.map((job) => job.payload)).toEqual([{ orderId: id }])
		expect((await orderOf(id)).providerFeeMinor).toBeNull()

		await jobsDueNow(database)
		await drainJobs(database)
		const order = await orderOf(id)
		expect(order).toMatchObject({ providerFeeMinor: 175, providerFeeCurrency: 'EUR' })
		const asked = stripe.requests.find(
			(r) => r.path === `/v1/payment_intents/${order.paymentIntentId}`,
		)
		expect(asked).toBeDefined()

		const today = dayInZone(new Date(), 'UTC')
		const range = { from: today, to: today }
		const figures = await readMoney(database.db, range)
		expect(figures.totals.find((line) => line.currency === 'EUR')?.feeMinor).toBe(175)
		expect(moneyFeeNote()).toBeNull()
		const { rows } = moneyCsvRows(figures, range, moneyFeeNote())
		expect(rows.find((row) => row[2] === 'total' && row[4] === 'EUR')?.[10]).toBe(1.75)
	})

	test('a fee Stripe has not settled yet is asked for again, and stored once it is', async () => {
		stripe.setFee(null)
		const id = await pay()
		await jobsDueNow(database)
		await drainJobs(database)
		expect((await orderOf(id)).providerFeeMinor).toBeNull()
		const [job] = await database.db
			.select()
			.from(jobs)
			.where(sql`${jobs.kind} = 'checkout.fee' AND ${jobs.payload}->>'orderId' = ${id}`)
		expect(job?.status).toBe('queued')

		stripe.setFee({ amount: 210, currency: 'eur' })
		await jobsDueNow(database)
		await drainJobs(database)
		expect((await orderOf(id)).providerFeeMinor).toBe(210)
	})
})
