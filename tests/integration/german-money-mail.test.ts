/**
 * A German buyer's e-mails about a payment that did not go as planned (issue 38 item 2,
 * docs/decisions/177), through the Stripe-shaped fake, its signed webhook and the real job
 * queue: a late payment refunded because the seat was sold, and a SEPA payment on its way, then
 * refused, are written in German for an order started on a German page (German dates and
 * money); an English order's stay English beside them. As the English tests of these messages
 * do, it reads the outbox: what the SMTP delivery job sends, byte for byte. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { orders } from '~/db/schema.server'
import { outbox } from '~/db/schema-leads.server'
import type { Locale } from '~/domain/locale'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { applyPaymentEvent, createCheckout } from '~/models/checkout/index.server'
import { databaseBackends } from '../support/databases'
import { drainJobs, jobsDueNow, stripeInProcessSuite } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'

const inStripeMode = stripeInProcessSuite({ RECONCILE_AFTER_SECONDS: '0' }, { periodicJobs: true })

describe.each(databaseBackends)('a German buyer’s payment e-mails on $name', (backend) => {
	const suite = inStripeMode(backend)
	let n = 0
	const address = (who: string) => `${who}-${++n}@example.com`

	const checkout = (locale?: Locale) =>
		createCheckout(suite.database.db, {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: 'http://site.test',
			...(locale ? { locale } : {}),
		})
	const oneSeatLeft = () =>
		suite.database.db.execute(
			sql`UPDATE catalog_items SET capacity = 1 + (SELECT coalesce(sum(quantity), 0) FROM orders
				WHERE item_code = ${PASS} AND (status = 'paid' OR (status = 'pending' AND expires_at > now())))
				WHERE code = ${PASS}`,
		)
	beforeEach(() =>
		suite.database.db.execute(sql`UPDATE catalog_items SET capacity = 10000 WHERE code = ${PASS}`),
	)
	const periodicTurn = async () => {
		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
	}
	const deliver = async (type: string, session: unknown) => {
		const { payload, signature } = suite.stripe.event(type, session)
		const event = getPaymentProvider().verifyEvent!(payload, signature)
		return event ? applyPaymentEvent(suite.database.db, event) : null
	}
	/** Every message to `email`, oldest first. */
	const mailTo = (email: string) =>
		suite.database.db
			.select({ subject: outbox.subject, text: outbox.textBody })
			.from(outbox)
			.where(and(eq(outbox.toAddress, email)))
			.orderBy(outbox.id)

	test('a German order paid after its seat was sold is refunded with a German notice; an English one’s stays English', async () => {
		for (const [locale, who] of [
			['de-DE', 'spaet'],
			['en-US', 'late'],
		] as const) {
			await oneSeatLeft()
			const { id: late } = await checkout(locale)
			await suite.database.db
				.update(orders)
				.set({ expiresAt: sql`now() - interval '1 second'` })
				.where(eq(orders.id, late))
			await checkout()
			const email = address(who)
			suite.stripe.complete(suite.stripe.sessionOf(late).id, email)
			await periodicTurn()
			const [notice, ...more] = await mailTo(email)
			expect(more).toEqual([])
			if (locale === 'de-DE') {
				expect(notice!.subject).toBe(`Ihre Bestellung ${late} wird erstattet`)
				expect(notice!.text).toContain('in der Zwischenzeit waren alle Plätze vergeben')
				// Money as German writes it: the amount, then the symbol.
				expect(notice!.text).toMatch(/erstatten daher die vollen \d+(,\d\d)?\s\$ auf Ihre Karte/)
				expect(notice!.text).toContain('Erstattungen kommen meist innerhalb von 5 bis 10 Werktagen')
			} else {
				expect(notice!.subject).toBe(`Your order ${late} is being refunded`)
				expect(notice!.text).toContain('every seat had been taken')
			}
		}
	})

	test('a German SEPA payment: on its way, then refused, both in German with a German date and the card link', async () => {
		const email = address('sepa')
		const { id } = await checkout('de-DE')
		const session = suite.stripe.completeUnpaid(suite.stripe.sessionOf(id).id, email)
		await deliver('checkout.session.completed', session)
		await deliver(
			'checkout.session.async_payment_failed',
			suite.stripe.settle(session.id, 'failed'),
		)
		const [onItsWay, refused, ...more] = await mailTo(email)
		expect(more).toEqual([])
		expect(onItsWay!.subject).toBe(`Ihre Zahlung für die Bestellung ${id} ist unterwegs`)
		expect(onItsWay!.text).toMatch(
			/Jetzt: Ihr Pass ist bis \w+, \d{1,2}\. \w+ \d{4}, \d\d:\d\d \(UTC\) für Sie reserviert/,
		)
		expect(onItsWay!.text).toContain('wir schicken Ihnen die Quittung mit der Rechnung')
		expect(onItsWay!.text).not.toContain('held for you')
		expect(refused!.subject).toBe(`Ihre Zahlung für die Bestellung ${id} ist nicht durchgegangen`)
		expect(refused!.text).toContain('Ihre Bank hat die Zahlung')
		expect(refused!.text).toContain(
			'der Pass, den wir für Sie reserviert hatten, ist wieder im Verkauf',
		)
		expect(refused!.text).toMatch(new RegExp(`/checkout/${id}/pay-by-card\\?key=`))
	})

	test('a German SEPA payment whose money comes is paid with a German receipt, as its notice promised', async () => {
		const email = address('sepa-bezahlt')
		const { id } = await checkout('de-DE')
		const session = suite.stripe.completeUnpaid(suite.stripe.sessionOf(id).id, email)
		await deliver('checkout.session.completed', session)
		await deliver(
			'checkout.session.async_payment_succeeded',
			suite.stripe.settle(session.id, 'paid'),
		)
		await drainJobs(suite.database)
		const subjects = (await mailTo(email)).map((mail) => mail.subject)
		expect(subjects).toEqual([
			`Ihre Zahlung für die Bestellung ${id} ist unterwegs`,
			`Ihre Quittung für die Bestellung ${id}`,
		])
	})

	test('an English SEPA payment’s notice stays English', async () => {
		const email = address('sepa-en')
		const { id } = await checkout()
		await deliver(
			'checkout.session.completed',
			suite.stripe.completeUnpaid(suite.stripe.sessionOf(id).id, email),
		)
		const [onItsWay] = await mailTo(email)
		expect(onItsWay!.subject).toBe(`Your payment for order ${id} is on its way`)
		expect(onItsWay!.text).toContain('held for you until')
	})
})
