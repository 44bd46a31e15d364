/**
 * Upgrade credit in Stripe mode (docs/decisions/165), against a fake Stripe on loopback: the
 * session charges our total, its one line names the credit, and the receipt and the invoice add
 * up to what Stripe charged, as the coupon sums of decision 158 do. On PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { and, eq, like } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { orders, passes } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import { outbox } from '~/db/schema-leads.server'
import { claimPass, createCheckout, sendUpgradeCreditLinks } from '~/models/checkout/index.server'
import { databaseBackends } from '../support/databases'
import { drainJobs, jobsDueNow, stripeInProcessSuite } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'
const SEAT = 'ai-driven-dev-preorder'
const ORIGIN = 'http://site.test'
const CREDIT_LINE = 'Upgrade credit: your AI Driven Development Day pass'

const inStripeMode = stripeInProcessSuite({ RECONCILE_AFTER_SECONDS: '0' }, { periodicJobs: true })

describe.each(databaseBackends)('upgrade credit through Stripe on $name', (backend) => {
	const suite = inStripeMode(backend)
	const db = () => suite.database.db

	/** Stripe takes the payment; its webhook is lost, and reconciliation finds it. */
	const payAtStripe = async (id: string, email: string) => {
		const payment = suite.stripe.complete(suite.stripe.sessionOf(id).id, email)
		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
		return payment
	}
	const mail = (to: string, subject: string) =>
		db()
			.select()
			.from(outbox)
			.where(and(eq(outbox.toAddress, to), like(outbox.subject, subject)))

	test('the session charges $249 less the pass’s $99 in one line naming the credit; the receipt and the invoice add up to what Stripe charged', async () => {
		const pass = await createCheckout(db(), {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		await payAtStripe(pass.id, 'buyer-s@example.com')
		const [row] = await db().select().from(passes).where(eq(passes.orderId, pass.id))
		expect(
			await claimPass(db(), row!.id, { name: 'Ada', email: 'ada-s@example.com' }, ORIGIN),
		).toBe('claimed')
		await sendUpgradeCreditLinks(db(), {
			email: 'ada-s@example.com',
			origin: ORIGIN,
			courseName: 'AI Driven Dev: pre-order seat',
		})
		const [linkMail] = await mail('ada-s@example.com', 'Your upgrade credit for %')
		const key = decodeURIComponent(linkMail!.textBody.match(/\/upgrade\/(\S+)/)![1]!)

		const { id } = await createCheckout(db(), {
			code: SEAT,
			quantity: 1,
			region: 'GLOBAL',
			upgradeKey: key,
			origin: ORIGIN,
		})
		const session = suite.stripe.sessionOf(id)
		expect(session.amount_total).toBe(15_000)
		const created = suite.stripe.requests.find(
			(request) =>
				request.path === '/v1/checkout/sessions' && request.params.client_reference_id === id,
		)
		expect(created?.params['line_items[0][price_data][product_data][name]']).toBe(
			`AI Driven Dev: pre-order seat × 1 (${CREDIT_LINE} −$99)`,
		)
		// Stripe's page takes no other address than the one the credit's link was mailed to.
		expect(created?.params.customer_email).toBe('ada-s@example.com')

		await payAtStripe(id, 'ada-s@example.com')
		const [order] = await db().select().from(orders).where(eq(orders.id, id))
		expect(order).toMatchObject({ status: 'paid', amountMinor: 15_000, creditMinor: 9_900 })
		const [receipt] = await mail('ada-s@example.com', `Your receipt for order ${id}`)
		expect(receipt!.textBody).toMatch(new RegExp(`${CREDIT_LINE}\\s+−\\$99\\n`))
		expect(receipt!.textBody).toMatch(/Total paid\s+\$150\n/)
		const [invoice] = await db()
			.select()
			.from(invoices)
			.where(and(eq(invoices.orderId, id), eq(invoices.kind, 'invoice')))
		const lines = invoice!.data.lines.reduce((sum, line) => sum + line.amountMinor, 0)
		expect(lines - invoice!.data.discountMinor).toBe(invoice!.data.totalMinor)
		expect(invoice!.data.totalMinor).toBe(session.amount_total)
	})
})
