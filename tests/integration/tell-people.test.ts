/**
 * Telling people what happened (issue 25, items 8 and 9; docs/decisions/113), through the models
 * on a database of the test's own and a real SMTP peer: a refund e-mails the buyer and each holder
 * of a refunded pass, once, however often it is reported; a claimed pass e-mails its holder the
 * event and its calendar file, once; a reassigned pass tells the new holder and whoever had the
 * link before; receipts talk about seats or passes and always carry their links, from the listen
 * address when SITE_URL is unset. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { passes } from '~/db/schema.server'
import {
	applyPaymentEvent,
	claimPass,
	createCheckout,
	recordSandboxPayment,
} from '~/models/checkout/index.server'
import { reassignPass, refundOrder } from '~/models/checkout/order-actions.server'
import { decodedMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, smtpInProcessSuite } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'
const SEAT = 'ai-driven-dev-preorder'
const owner = { name: 'mona (GitHub #1001)' }
// The address this process "listens" on, standing in for SITE_URL (unset here).
const LISTEN_PORT = 43_210
const ORIGIN = `http://localhost:${LISTEN_PORT}`

/** The calendar file attached to a message (base64 in its MIME part), decoded; '' if none. */
function attachedCalendar(raw: string): string {
	const start = raw.indexOf('Content-Type: text/calendar')
	if (start < 0) return ''
	const body = raw.slice(start).split(/\r?\n\r?\n/)[1] ?? ''
	return Buffer.from(body.split('--')[0]!.replace(/\s/g, ''), 'base64').toString('utf8')
}

/** A message as its reader sees it: the subject line, the decoded source and its calendar file. */
const read = (mail: { raw: string }) => {
	const raw = decodedMail(mail.raw)
	return {
		raw,
		subject: raw.match(/^Subject: (.*)$/m)?.[1] ?? '',
		calendar: attachedCalendar(mail.raw),
	}
}

describe.each(databaseBackends)('telling people what happened on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { listenPort: LISTEN_PORT })
	let n = 0
	/** A fresh address, so each test reads only its own mail. */
	const address = (who: string) => `${who}-${++n}@example.com`

	/** Everything queued is handed to the SMTP peer. */
	const deliver = () => drainJobs(suite.database)
	const mailTo = (email: string) => suite.smtp.mailTo(email).map(read)

	async function buy(code: string, quantity: number, email: string) {
		const { id } = await createCheckout(suite.database.db, {
			code,
			quantity,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		await recordSandboxPayment(suite.database.db, id, { email })
		const ids = await suite.database.db
			.select({ id: passes.id })
			.from(passes)
			.where(eq(passes.orderId, id))
			.orderBy(passes.createdAt, passes.id)
		return { id, passes: ids.map((pass) => pass.id) }
	}

	test('a refund e-mails the buyer and each holder of a refunded pass, once, however often it is reported', async () => {
		const buyer = address('buyer')
		const holder = address('holder')
		const order = await buy(PASS, 2, buyer)
		expect(
			await claimPass(
				suite.database.db,
				order.passes[0]!,
				{ name: 'Grace', email: holder },
				ORIGIN,
			),
		).toBe('claimed')
		await deliver()
		suite.smtp.received.length = 0

		const outcome = await refundOrder(suite.database.db, owner, order.id)
		expect(outcome.ok).toBe(true)
		// The provider reports the same refund again, and again under another event id.
		await applyPaymentEvent(suite.database.db, {
			id: `sandbox:${order.id}:refunded`,
			provider: 'sandbox',
			type: 'refunded',
			orderId: order.id,
			sessionId: order.id,
			paymentIntentId: null,
			email: null,
			name: null,
		})
		await applyPaymentEvent(suite.database.db, {
			id: `refund:re_again_${order.id}`,
			provider: 'sandbox',
			type: 'refunded',
			orderId: order.id,
			sessionId: order.id,
			paymentIntentId: null,
			email: null,
			name: null,
		})
		// And the owner clicks Refund again: refused, nothing sent.
		expect((await refundOrder(suite.database.db, owner, order.id)).ok).toBe(false)
		await deliver()

		const toBuyer = mailTo(buyer)
		expect(toBuyer.map((mail) => mail.subject)).toEqual([`Your order ${order.id} is refunded`])
		expect(toBuyer[0]!.raw).toContain('Its 2 passes no longer work')
		const toHolder = mailTo(holder)
		expect(toHolder.map((mail) => mail.subject)).toEqual([
			'Your AI Driven Development Day pass is cancelled',
		])
		expect(toHolder[0]!.raw).toContain('Hi Grace,')
	})

	test('a buyer who claimed their own pass gets one refund message, not two', async () => {
		const buyer = address('self')
		const order = await buy(PASS, 1, buyer)
		await claimPass(suite.database.db, order.passes[0]!, { name: 'Ada', email: buyer }, ORIGIN)
		await deliver()
		suite.smtp.received.length = 0
		await refundOrder(suite.database.db, owner, order.id)
		await deliver()
		expect(mailTo(buyer).map((mail) => mail.subject)).toEqual([
			`Your order ${order.id} is refunded`,
		])
	})

	test('a refunded course order tells the buyer the seats are released', async () => {
		const buyer = address('seats')
		const order = await buy(SEAT, 2, buyer)
		await refundOrder(suite.database.db, owner, order.id)
		await deliver()
		const refund = mailTo(buyer).find((mail) => mail.subject.includes('refunded'))
		expect(refund?.raw).toContain('Your 2 seats are released')
	})

	test('a claimed pass e-mails its holder the event, its date and the calendar file, once', async () => {
		const holder = address('claimer')
		const order = await buy(PASS, 1, address('team-buyer'))
		const pass = order.passes[0]!
		expect(
			await claimPass(suite.database.db, pass, { name: 'Grace Hopper', email: holder }, ORIGIN),
		).toBe('claimed')
		// The form sent again (a double click, a retry): already claimed, nothing more sent.
		expect(
			await claimPass(suite.database.db, pass, { name: 'Grace Hopper', email: holder }, ORIGIN),
		).toBe('already-claimed')
		await deliver()
		const mails = mailTo(holder)
		expect(mails.map((mail) => mail.subject)).toEqual([
			'Your AI Driven Development Day pass is confirmed',
		])
		const { raw } = mails[0]!
		expect(raw).toContain('Hi Grace Hopper,')
		expect(raw).toContain('AI Driven Development Day')
		expect(raw).toContain('The calendar file is attached to this e-mail.')
		expect(raw).toContain('filename=ai-driven-development-day-2027.ics')
		expect(mails[0]!.calendar).toContain('BEGIN:VEVENT')
		expect(mails[0]!.calendar).toContain('SUMMARY:AI Driven Development Day')
		expect(raw).toContain(`${ORIGIN}/pass/${pass}/thank-you`)
	})

	test('a claim whose message cannot be written is not claimed either; claimed again, it is, with one message', async () => {
		const holder = address('full-disk')
		const order = await buy(PASS, 1, address('full-disk-buyer'))
		const pass = order.passes[0]!
		await suite.database.db.execute(
			sql.raw(`CREATE FUNCTION outbox_full() RETURNS trigger LANGUAGE plpgsql AS $$
				BEGIN RAISE EXCEPTION 'could not extend file: No space left on device'; END $$`),
		)
		await suite.database.db.execute(
			sql.raw(
				'CREATE TRIGGER outbox_full BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION outbox_full()',
			),
		)
		try {
			await expect(
				claimPass(suite.database.db, pass, { name: 'Grace', email: holder }, ORIGIN),
			).rejects.toThrow()
		} finally {
			await suite.database.db.execute(sql.raw('DROP TRIGGER outbox_full ON outbox'))
			await suite.database.db.execute(sql.raw('DROP FUNCTION outbox_full()'))
		}
		const [row] = await suite.database.db.select().from(passes).where(eq(passes.id, pass))
		expect(row?.claimedAt).toBeNull()

		expect(await claimPass(suite.database.db, pass, { name: 'Grace', email: holder }, ORIGIN)).toBe(
			'claimed',
		)
		await deliver()
		expect(mailTo(holder)).toHaveLength(1)
	})

	test('a reassigned pass tells the new holder and whoever had its link before: the buyer, then the last recipient', async () => {
		const buyer = address('reassigning-buyer')
		const first = address('first')
		const second = address('second')
		const order = await buy(PASS, 2, buyer)
		await deliver()
		suite.smtp.received.length = 0

		const moved = await reassignPass(suite.database.db, owner, {
			orderId: order.id,
			passId: order.passes[0]!,
			email: first,
			origin: ORIGIN,
		})
		expect(moved.ok).toBe(true)
		await deliver()
		expect(mailTo(first).map((mail) => mail.subject)).toEqual([
			'Your AI Driven Development Day pass',
		])
		const newLink = mailTo(first)[0]!.raw.match(/\/pass\/([A-Za-z0-9_-]{22})/)?.[1]
		expect(newLink).toBeDefined()
		expect(mailTo(buyer).map((mail) => mail.subject)).toEqual([
			'An AI Driven Development Day pass has a new link',
		])
		expect(mailTo(buyer)[0]!.raw).not.toContain(first)

		// Moved on again: the first recipient is told now, not the buyer.
		await reassignPass(suite.database.db, owner, {
			orderId: order.id,
			passId: newLink!,
			email: second,
			origin: ORIGIN,
		})
		await deliver()
		expect(mailTo(second)).toHaveLength(1)
		expect(mailTo(first).map((mail) => mail.subject)).toEqual([
			'Your AI Driven Development Day pass',
			'An AI Driven Development Day pass has a new link',
		])
		expect(mailTo(buyer)).toHaveLength(1)
	})

	test('without SITE_URL a receipt carries the order link, each pass link and the calendar file, from the listen address', async () => {
		const buyer = address('receipt')
		const order = await buy(PASS, 2, buyer)
		await deliver()
		const [receipt] = mailTo(buyer)
		expect(receipt?.subject).toBe(`Your receipt for order ${order.id}`)
		expect(receipt!.raw).toContain(`${ORIGIN}/checkout/${order.id}/thank-you`)
		for (const pass of order.passes) expect(receipt!.raw).toContain(`${ORIGIN}/pass/${pass}`)
		expect(receipt!.raw).toContain('filename=ai-driven-development-day-2027.ics')
		expect(receipt!.calendar).toContain('BEGIN:VEVENT')
		expect(receipt!.calendar).toContain(`${ORIGIN}/ai-driven-development-day`)
	})

	test('a course receipt talks about seats and access; a day-pass receipt about passes', async () => {
		const seatBuyer = address('seat-buyer')
		const passBuyer = address('pass-buyer')
		await buy(SEAT, 3, seatBuyer)
		await buy(PASS, 1, passBuyer)
		await deliver()
		const course = mailTo(seatBuyer)[0]!.raw
		// Seats to share (docs/decisions/118): one link per seat, each holder gets their access.
		expect(course).toContain('Your 3 seats are in this order, one of them yours.')
		expect(course).toContain('When the course opens, we e-mail each seat holder their access.')
		expect(course).not.toMatch(/claim your pass/i)
		expect(course).toContain('filename=course-release.ics')
		const day = mailTo(passBuyer)[0]!.raw
		expect(day).toContain('Claim your pass')
		expect(day).not.toContain('course opens')
	})
})
