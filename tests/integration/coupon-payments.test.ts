/**
 * A coupon's rules checked again at payment (docs/decisions/112), in Stripe mode against a fake
 * Stripe on loopback, with the models in this process: one use per buyer (the address arrives
 * with the payment), and a payment after its hold ended when the coupon's last use went to
 * someone else meanwhile. Both are refunded through Stripe, once, with a notice saying why. On
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq, like, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { coupons, orders } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import { outbox } from '~/db/schema-leads.server'
import { createCheckout } from '~/models/checkout/index.server'
import { databaseBackends } from '../support/databases'
import { drainJobs, jobsDueNow, stripeInProcessSuite } from '../support/in-process'

const SEAT = 'ai-driven-dev-preorder'

const inStripeMode = stripeInProcessSuite({ RECONCILE_AFTER_SECONDS: '0' }, { periodicJobs: true })

describe.each(databaseBackends)('coupons at payment on $name', (backend) => {
	const suite = inStripeMode(backend)

	const order = async (id: string) => {
		const [row] = await suite.database.db.select().from(orders).where(eq(orders.id, id))
		return row!
	}
	const checkout = (coupon: string) =>
		createCheckout(suite.database.db, {
			code: SEAT,
			quantity: 1,
			region: 'GLOBAL',
			coupon,
			origin: 'http://site.test',
		})
	/** Stripe takes the payment; its webhook is lost, and reconciliation finds it. */
	const payAtStripe = async (id: string, email: string) => {
		const payment = suite.stripe.complete(suite.stripe.sessionOf(id).id, email)
		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
		return payment
	}
	const refundsOf = (paymentIntent: string | null) =>
		[...suite.stripe.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent)
	const mail = (subject: string) =>
		suite.database.db.select().from(outbox).where(like(outbox.subject, subject))

	test('one per buyer: the same mailbox paying a second time (another spelling) is refunded through Stripe and told why', async () => {
		await suite.database.db.insert(coupons).values({
			code: 'OnlyOnce',
			kind: 'percent',
			amount: 25,
			onePerBuyer: true,
		})
		const first = await checkout('onlyonce')
		await payAtStripe(first.id, 'ada.lovelace@gmail.com')
		// The address is not known before the payment: the discount is shown.
		const second = await checkout('ONLYONCE')
		expect((await order(second.id)).discountMinor).toBeGreaterThan(0)
		const again = await payAtStripe(second.id, 'AdaLovelace+course@googlemail.com')
		expect((await order(first.id)).status).toBe('paid')
		expect(await order(second.id)).toMatchObject({
			status: 'refunded',
			failureReason: 'coupon-once-per-buyer',
		})
		expect(refundsOf(again.payment_intent)).toHaveLength(1)
		const [notice, ...more] = await mail(`Your order ${second.id} is being refunded`)
		expect(more).toEqual([])
		expect(notice!.textBody).toContain('can be used once per buyer')
		// A refund like any other (decision 150): its credit note, linked as in every refund e-mail.
		expect(notice!.textBody).toMatch(
			/Your credit note http:\/\/\S+\/invoice\/\S+ \(it takes the refunded amount off your invoice\)/,
		)
		expect(await mail(`Your receipt for order ${second.id}`)).toEqual([])

		// Another buyer is not affected; running everything again refunds nobody twice.
		const other = await checkout('onlyonce')
		await payAtStripe(other.id, 'grace@example.com')
		expect((await order(other.id)).status).toBe('paid')
		expect(refundsOf(again.payment_intent)).toHaveLength(1)
	})

	test('a payment after its hold ended, when the last use went to another buyer meanwhile, is refunded and told why', async () => {
		await suite.database.db
			.insert(coupons)
			.values({ code: 'LASTONE', kind: 'percent', amount: 40, maxUses: 1 })
		const late = await checkout('lastone')
		await suite.database.db
			.update(orders)
			.set({ expiresAt: sql`now() - interval '1 second'` })
			.where(eq(orders.id, late.id))
		// The use came back with the hold: another buyer takes it and is still paying.
		const other = await checkout('LastOne')
		expect((await order(other.id)).discountMinor).toBeGreaterThan(0)

		const payment = await payAtStripe(late.id, 'late@example.com')
		expect(await order(late.id)).toMatchObject({
			status: 'refunded',
			failureReason: 'coupon-used-up',
		})
		expect(refundsOf(payment.payment_intent)).toHaveLength(1)
		const notices = await suite.database.db
			.select()
			.from(outbox)
			.where(
				and(
					eq(outbox.toAddress, 'late@example.com'),
					like(outbox.subject, `Your order ${late.id} is being refunded`),
				),
			)
		expect(notices).toHaveLength(1)
		expect(notices[0]!.textBody).toContain('whose uses had all been taken')
		expect((await order(other.id)).status).toBe('pending')
	})

	test('a percentage on at most 2 seats per order: Stripe charges our total for 5 seats, and the receipt and invoice say how and add up (decision 158)', async () => {
		await suite.database.db
			.insert(coupons)
			.values({ code: 'TEAM50', kind: 'percent', amount: 50, maxDiscountedUnits: 2 })
		const { id } = await createCheckout(suite.database.db, {
			code: SEAT,
			quantity: 5,
			region: 'GLOBAL',
			coupon: 'team50',
			origin: 'http://site.test',
		})
		const note = 'coupon TEAM50 on 2 of 5 seats; the other 3 at full price'
		// 5 × $249, half off two of them: $1,245 − $249 = $996.
		expect(await order(id)).toMatchObject({
			unitAmountMinor: 24_900,
			discountMinor: 24_900,
			amountMinor: 99_600,
			discountedQuantity: 2,
		})
		const session = suite.stripe.sessionOf(id)
		expect(session.amount_total).toBe(99_600)
		const created = suite.stripe.requests.find(
			(request) =>
				request.path === '/v1/checkout/sessions' && request.params.client_reference_id === id,
		)
		expect(created?.params['line_items[0][price_data][product_data][name]']).toBe(
			`AI Driven Dev: pre-order seat × 5 (${note})`,
		)

		await payAtStripe(id, 'team@example.com')
		expect((await order(id)).status).toBe('paid')
		const [receipt] = await mail(`Your receipt for order ${id}`)
		expect(receipt!.textBody).toContain(`Discount (${note})`)
		expect(receipt!.textBody).toContain('−$249')
		expect(receipt!.textBody).toContain('$996')
		const [invoice] = await suite.database.db
			.select()
			.from(invoices)
			.where(and(eq(invoices.orderId, id), eq(invoices.kind, 'invoice')))
		const lines = invoice!.data.lines.reduce((sum, line) => sum + line.amountMinor, 0)
		expect(lines).toBe(124_500)
		expect(invoice!.data.discountMinor).toBe(24_900)
		expect(invoice!.data.discountNote).toBe(note)
		expect(lines - invoice!.data.discountMinor).toBe(invoice!.data.totalMinor)
		expect(invoice!.data.totalMinor).toBe(session.amount_total)
	})
})
