/**
 * Checkout recovery (issue 26, item 5; docs/decisions/122), through the models on a database of
 * the test's own, the real job queue and a real SMTP peer: a buyer who gave their address and
 * agreed to a reminder, and whose checkout ended unpaid, gets one e-mail with a link to start
 * again and the list headers; never twice, never after they bought, never after they cancelled,
 * never without their consent, never to an address that unsubscribed. Stripe mode: the consent
 * and address come with the `checkout.session.expired` event. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { orders } from '~/db/schema.server'
import { toPaymentEvent } from '~/integrations/payments/stripe-events.server'
import { expireOrder } from '~/models/checkout/expire.server'
import {
	applyPaymentEvent,
	cancelCheckout,
	cancelSandboxCheckout,
	createCheckout,
	recordSandboxPayment,
	rememberForRecovery,
} from '~/models/checkout/index.server'
import { unsubscribe } from '~/models/preferences/preferences.server'
import { decodedMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, smtpInProcessSuite } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'
const SEAT = 'ai-driven-dev-preorder'
const LISTEN_PORT = 43_211
const ORIGIN = `http://localhost:${LISTEN_PORT}`

describe.each(databaseBackends)('checkout recovery on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { listenPort: LISTEN_PORT })
	let n = 0
	/** A fresh address, so each test reads only its own mail. */
	const address = () => `leaver-${++n}@example.com`

	const mailTo = (email: string) =>
		suite.smtp.mailTo(email).map((mail) => {
			// Long header lines are folded: unfolded, each header is one line.
			const raw = decodedMail(mail.raw).replace(/\r?\n[ \t]+/g, ' ')
			return { raw, subject: raw.match(/^Subject: (.*)$/m)?.[1] ?? '' }
		})

	async function startCheckout(code = PASS, quantity = 2) {
		const { id } = await createCheckout(suite.database.db, {
			code,
			quantity,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		return id
	}

	/** The hold ends (the periodic sweep's path), and every job due runs. */
	async function endUnpaid(id: string) {
		await expireOrder(suite.database.db, id, 'sandbox')
		await drainJobs(suite.database)
	}

	test('a buyer who agreed and left unpaid gets one reminder with a link to start again and an unsubscribe link', async () => {
		const email = address()
		const id = await startCheckout(PASS, 2)
		await rememberForRecovery(suite.database.db, id, email)
		await endUnpaid(id)
		const mail = mailTo(email)
		expect(mail).toHaveLength(1)
		expect(mail[0]!.subject).toContain('ended before you paid')
		expect(mail[0]!.raw).toContain('You started a checkout for 2 ')
		expect(mail[0]!.raw).toContain('passes it held went back on sale')
		expect(mail[0]!.raw).toContain(`${ORIGIN}/ai-driven-development-day`)
		expect(mail[0]!.raw).toMatch(
			/^List-Unsubscribe: <http:\/\/localhost:43211\/unsubscribe\?token=/m,
		)
		expect(mail[0]!.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')

		// The expiry reported again, and the job run again: nothing more.
		await expireOrder(suite.database.db, id, 'sandbox')
		await applyPaymentEvent(suite.database.db, {
			id: `again:${id}`,
			provider: 'sandbox',
			type: 'expired',
			orderId: id,
			sessionId: null,
			paymentIntentId: null,
			email: null,
			name: null,
		})
		await drainJobs(suite.database)
		expect(mailTo(email)).toHaveLength(1)
	})

	test('a course checkout reminder speaks of seats and links the course page', async () => {
		const email = address()
		const id = await startCheckout(SEAT, 1)
		await rememberForRecovery(suite.database.db, id, email)
		await endUnpaid(id)
		const [mail] = mailTo(email)
		expect(mail!.raw).toContain('the seat it held went back on sale')
		expect(mail!.raw).toContain(`href="${ORIGIN}/"`)
	})

	test('a checkout started on a German page is reminded in German, linking the German day page (decision 174)', async () => {
		const email = address()
		const { id } = await createCheckout(suite.database.db, {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: ORIGIN,
			locale: 'de-DE',
		})
		await rememberForRecovery(suite.database.db, id, email)
		await endUnpaid(id)
		const [mail] = mailTo(email)
		const text = Buffer.from(mail!.raw, 'latin1').toString('utf8')
		expect(text).toContain('Sie haben einen Checkout für 1 ')
		expect(text).toContain('Wenn Sie noch einen Pass möchten')
		expect(text).toContain(`${ORIGIN}/de/ai-driven-development-day`)
		expect(text).toContain('Abmelden oder E-Mail-Einstellungen verwalten')
	})

	test('no consent, no reminder; unticking the box takes it back', async () => {
		const email = address()
		const never = await startCheckout()
		await endUnpaid(never)
		const changedMind = await startCheckout()
		await rememberForRecovery(suite.database.db, changedMind, email)
		await rememberForRecovery(suite.database.db, changedMind, null)
		await endUnpaid(changedMind)
		expect(mailTo(email)).toEqual([])
	})

	test('a buyer who cancelled, on our page or through the provider’s cancel link, gets no reminder', async () => {
		const email = address()
		const onOurPage = await startCheckout()
		const throughTheLink = await startCheckout()
		for (const id of [onOurPage, throughTheLink])
			await rememberForRecovery(suite.database.db, id, email)
		await cancelSandboxCheckout(suite.database.db, onOurPage)
		await cancelCheckout(suite.database.db, throughTheLink)
		await drainJobs(suite.database)
		for (const id of [onOurPage, throughTheLink])
			expect(
				(await suite.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status,
			).toBe('expired')
		expect(mailTo(email)).toEqual([])
	})

	test('a buyer who bought the product before the reminder went gets none', async () => {
		const email = address()
		const left = await startCheckout()
		await rememberForRecovery(suite.database.db, left, email)
		await expireOrder(suite.database.db, left, 'sandbox')
		// They came back on their own before the job ran, with another spelling of the address.
		const bought = await startCheckout()
		await recordSandboxPayment(suite.database.db, bought, { email: email.toUpperCase() })
		await drainJobs(suite.database)
		const mail = mailTo(email)
		expect(mail.map((message) => message.subject)).toEqual([
			expect.stringContaining('Your receipt'),
		])
	})

	test('an address named by many abandoned checkouts gets one reminder a day, not one each', async () => {
		const email = address()
		const ids = [await startCheckout(), await startCheckout(), await startCheckout()]
		for (const id of ids) await rememberForRecovery(suite.database.db, id, email)
		for (const id of ids) await endUnpaid(id)
		expect(mailTo(email)).toHaveLength(1)
	})

	test('an address that unsubscribed gets no reminder', async () => {
		const email = address()
		await unsubscribe(suite.database.db, email)
		const id = await startCheckout()
		await rememberForRecovery(suite.database.db, id, email)
		await endUnpaid(id)
		expect(mailTo(email)).toEqual([])
	})

	test('a paid checkout never gets one, even with the box ticked', async () => {
		const email = address()
		const id = await startCheckout()
		await rememberForRecovery(suite.database.db, id, email)
		await recordSandboxPayment(suite.database.db, id, { email })
		await expireOrder(suite.database.db, id, 'sandbox')
		await drainJobs(suite.database)
		expect(mailTo(email).map((message) => message.subject)).toEqual([
			expect.stringContaining('Your receipt'),
		])
	})

	test('Stripe: the consent and address reported with the expiry bring one reminder; an opt-out brings none', async () => {
		const email = address()
		const optedIn = await startCheckout()
		const optedOut = await startCheckout()
		const expiry = (orderId: string, promotions: 'opt_in' | 'opt_out') =>
			toPaymentEvent({
				id: `evt_${orderId}`,
				type: 'checkout.session.expired',
				data: {
					object: {
						// The sandbox's session is the order (a Stripe id would not match the order's).
						id: orderId,
						metadata: { order_id: orderId },
						client_reference_id: orderId,
						consent: { promotions, terms_of_service: null },
						customer_details: { email, name: null },
					},
				},
			} as never)!
		expect(expiry(optedIn, 'opt_in').recoveryEmail).toBe(email)
		expect(expiry(optedOut, 'opt_out').recoveryEmail).toBeNull()
		await applyPaymentEvent(suite.database.db, {
			...expiry(optedOut, 'opt_out'),
			provider: 'sandbox',
		})
		await applyPaymentEvent(suite.database.db, {
			...expiry(optedIn, 'opt_in'),
			provider: 'sandbox',
		})
		await drainJobs(suite.database)
		expect(mailTo(email)).toHaveLength(1)
	})
})
