/**
 * Paying by bank transfer against an invoice (issue 37 item 1, docs/decisions/163), through the
 * models on a database of the test's own, the real job queue and a real SMTP peer: a company's
 * checkout becomes a transfer with an RF reference, a due date and its invoice numbered in the
 * one sequence and marked due; its seats stay held past the card hold (the course's `available`
 * drops and stays down), no pass exists before the money, one reminder goes before the due date,
 * and on the due date the order is cancelled with a credit note, its buyer told and its seats
 * offered to the waiting list. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { orders, passes, waitlistEntries } from '~/db/schema.server'
import { ownerAuditLog } from '~/db/schema-admin.server'
import { invoices } from '~/db/schema-invoices.server'
import { bankTransfers } from '~/db/schema-transfers.server'
import { isCreditorReference } from '~/domain/transfers/reference'
import { createCheckout, recordSandboxPayment } from '~/models/checkout/index.server'
import { getCourse } from '~/models/course/course.server'
import { payByTransfer, recordTransferReceived } from '~/models/transfers/index.server'
import { decodedMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import {
	drainJobs,
	jobsDueNow,
	schedulePeriodicJobs,
	smtpInProcessSuite,
	useInProcess,
} from '../support/in-process'
import { joinAndConfirm } from '../support/waitlist'

const SEAT = 'ai-driven-dev-preorder'
const ORIGIN = 'https://site.test'
const ENV = {
	COURSE_SLOTS: '20',
	CHECKOUT_HOLD_SHARE_PERCENT: '100',
	SITE_URL: ORIGIN,
	BANK_TRANSFER_DAYS: '14',
	BANK_TRANSFER_SEATS_PER_BUYER: '8',
}
const company = {
	name: 'Grace Hopper',
	billing: {
		company: 'Acme GmbH',
		address: 'Hauptstraße 1\n10115 Berlin',
		country: 'DE',
		vatNumber: 'DE123456789',
	},
}

describe.each(databaseBackends)('paying by bank transfer on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { env: ENV })
	const db = () => suite.database.db
	let buyers = 0

	beforeEach(async () => {
		useInProcess({ ...ENV, SMTP_URL: suite.smtp.url })
		invalidateSalesCache()
		for (const table of [
			'bank_transfers',
			'waitlist_entries',
			'passes',
			'payment_events',
			'invoices',
			'orders',
		])
			await db().execute(sql.raw(`DELETE FROM ${table}`))
	})

	const checkout = (quantity: number, clientIp = `198.51.100.${++buyers}`) =>
		createCheckout(db(), { code: SEAT, quantity, region: 'GLOBAL', origin: ORIGIN, clientIp })
	const transfer = (id: string, email: string) =>
		payByTransfer(db(), id, { email, ...company }, ORIGIN)
	const mailTo = (email: string) =>
		suite.smtp.mailTo(email).map((mail) => decodedMail(mail.raw).replace(/\r?\n[ \t]+/g, ' '))
	const available = async () => {
		invalidateSalesCache()
		return (await getCourse(db())).available
	}
	/** The due date has passed: the hold sweep's path runs. */
	const dueDatePasses = async (id: string) => {
		await db()
			.update(orders)
			.set({ expiresAt: sql`now() - interval '1 second'` })
			.where(eq(orders.id, id))
		await schedulePeriodicJobs(suite.database)
		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
	}

	test('a company buying 5 seats by transfer sees IBAN, reference, due date and its invoice, marked due; the seats stay held and no seat link exists', async () => {
		const before = await available()
		const { id } = await checkout(5)
		expect(await transfer(id, 'buyer@acme.example')).toEqual({ ok: true })
		await drainJobs(suite.database)

		const [order] = await db().select().from(orders).where(eq(orders.id, id))
		const [row] = await db().select().from(bankTransfers).where(eq(bankTransfers.orderId, id))
		expect(order).toMatchObject({
			status: 'pending',
			provider: 'transfer',
			providerSessionId: row!.reference,
		})
		expect(isCreditorReference(row!.reference)).toBe(true)
		// Held for 14 days, not 30 minutes: the card hold's end changes nothing.
		expect(order!.expiresAt.getTime() - Date.now()).toBeGreaterThan(13 * 86_400_000)
		expect(await available()).toBe(before - 5)
		expect(await db().select().from(passes).where(eq(passes.orderId, id))).toEqual([])

		const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, id))
		expect(invoice!.number).not.toBeNull()
		expect(invoice!.data.due?.reference).toBe(row!.reference)
		// Reverse charge: a German business buying from the seller's other EU country (decision 115).
		expect(invoice!.data.buyer.company).toBe('Acme GmbH')

		const [mail] = mailTo('buyer@acme.example')
		expect(mail).toContain(`Subject: Pay order ${id} by bank transfer by`)
		expect(mail).toContain('GB82 WEST 1234 5698 7654 32')
		expect(mail).toContain(row!.reference.replace(/(.{4})(?=.)/g, '$1 '))
		expect(mail).toContain(invoice!.data.number)
		expect(mail).toContain('TEST MODE: this is a test account. Send no money.')
		expect(mail).toContain('Content-Type: application/pdf')
		expect(mail).toContain(`${ORIGIN}/checkout/${id}/transfer?key=`)
		expect(mail).not.toContain('/pass/')
	})

	test('one reminder goes before the due date while nothing has arrived', async () => {
		const { id } = await checkout(2)
		await transfer(id, 'reminded@acme.example')
		await drainJobs(suite.database)
		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
		const subjects = mailTo('reminded@acme.example').map(
			(mail) => mail.match(/^Subject: (.*)$/m)?.[1],
		)
		expect(subjects).toEqual([
			expect.stringContaining('by bank transfer by'),
			expect.stringContaining(`Reminder: order ${id} is due by`),
		])
	})

	test('one seat by transfer is named in the singular: it is reserved, it stays reserved, it goes back on sale', async () => {
		const { id } = await checkout(1)
		await transfer(id, 'single@acme.example')
		await drainJobs(suite.database)
		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
		const [instructions, reminder] = mailTo('single@acme.example')
		expect(instructions).toContain('Your seat is reserved for you until the due date.')
		expect(instructions).toContain('the seat goes back on sale')
		expect(reminder).toContain('Your seat stays reserved until')
		expect(reminder).toContain('the order is cancelled and the seat goes back on sale.')
		for (const mail of [instructions, reminder]) expect(mail).not.toMatch(/seat (are|stay|go) /)
	})

	test('unpaid on its due date: cancelled, a credit note cancels the invoice, the buyer is told and the seats go to the waiting list', async () => {
		const filler = await checkout(15)
		await recordSandboxPayment(db(), filler.id, { email: 'early@example.com' })
		const { id } = await checkout(5)
		await transfer(id, 'late@acme.example')
		expect(await available()).toBe(0)
		expect(
			await joinAndConfirm(db(), {
				code: SEAT,
				quantity: 2,
				region: 'GLOBAL',
				email: 'waiting@example.com',
				clientIp: '203.0.113.9',
			}),
		).toBe('confirmed')

		await dueDatePasses(id)
		const [order] = await db().select().from(orders).where(eq(orders.id, id))
		expect(order!.status).toBe('expired')
		const documents = await db()
			.select()
			.from(invoices)
			.where(eq(invoices.orderId, id))
			.orderBy(invoices.number)
		expect(documents.map((doc) => [doc.kind, doc.totalMinor])).toEqual([
			['invoice', order!.amountMinor],
			['credit_note', -order!.amountMinor],
		])
		expect(documents[1]!.data.creditFor).toBe(documents[0]!.data.number)
		expect(documents[1]!.number).toBe(documents[0]!.number! + 1)
		const told = mailTo('late@acme.example').find((mail) =>
			mail.includes('is cancelled: no payment arrived'),
		)
		expect(told).toContain(documents[1]!.data.number)
		const [entry] = await db()
			.select()
			.from(waitlistEntries)
			.where(eq(waitlistEntries.email, 'waiting@example.com'))
		expect(entry!.status).toBe('offered')

		// Noticed again: nothing more.
		await dueDatePasses(id)
		expect(
			mailTo('late@acme.example').filter((mail) =>
				mail.includes('is cancelled: no payment arrived'),
			),
		).toHaveLength(1)
	})

	test('the money arriving in two parts: the first is recorded and the rest stays due; the second pays the order as a card does, with seat links and a receipt', async () => {
		const { id } = await checkout(5)
		await transfer(id, 'payer@acme.example')
		await drainJobs(suite.database)
		const [order] = await db().select().from(orders).where(eq(orders.id, id))
		const first = 100_00
		const received = (amountMinor: number) =>
			recordTransferReceived(db(), id, {
				amountMinor,
				receivedOn: '2026-12-01',
				actor: 'owner@site.test',
			})
		expect(await received(first)).toEqual({
			status: 'partly-paid',
			receivedMinor: first,
			dueMinor: order!.amountMinor - first,
		})
		expect(await db().select().from(passes).where(eq(passes.orderId, id))).toEqual([])
		// More than is due is refused, and changes nothing.
		expect(await received(order!.amountMinor)).toEqual({ refused: 'too-much' })
		expect(await received(order!.amountMinor - first)).toEqual({
			status: 'paid',
			receivedMinor: order!.amountMinor,
		})
		await drainJobs(suite.database)
		const [paid] = await db().select().from(orders).where(eq(orders.id, id))
		expect(paid!.status).toBe('paid')
		expect(await db().select().from(passes).where(eq(passes.orderId, id))).toHaveLength(5)
		const receipt = mailTo('payer@acme.example').find((mail) =>
			mail.includes('Subject: Your receipt'),
		)
		expect(receipt).toContain('/pass/')
		// One invoice: the one issued due, now paid; no second number taken.
		expect(await db().select().from(invoices).where(eq(invoices.orderId, id))).toHaveLength(1)
		const audit = await db().select().from(ownerAuditLog).where(eq(ownerAuditLog.target, id))
		expect(audit.map((line) => line.action)).toEqual(['transfer-received', 'transfer-received'])
		// Paid: nothing more can be recorded against it.
		expect(await received(1)).toEqual({ refused: 'not-waiting' })
	})

	test('a buyer may have at most BANK_TRANSFER_SEATS_PER_BUYER seats waiting for transfers, by network or by address', async () => {
		const first = await checkout(5, '192.0.2.7')
		expect(await transfer(first.id, 'a@acme.example')).toEqual({ ok: true })
		const sameNetwork = await checkout(4, '192.0.2.7')
		expect(await transfer(sameNetwork.id, 'b@other.example')).toEqual({ refused: 'too-many-seats' })
		const sameAddress = await checkout(4)
		expect(await transfer(sameAddress.id, 'A@acme.example')).toEqual({ refused: 'too-many-seats' })
		// Refused: the order is as it was, a card checkout still holding its 30 minutes.
		const [unchanged] = await db().select().from(orders).where(eq(orders.id, sameAddress.id))
		expect(unchanged!.provider).toBe('sandbox')
		expect(await transfer((await checkout(3)).id, 'c@acme.example')).toEqual({ ok: true })
	})

	test('a transfer keeps its seats when its buyer starts another checkout: it is not an older hold to replace', async () => {
		const { id } = await checkout(5, '192.0.2.50')
		await transfer(id, 'keeps@acme.example')
		await checkout(10, '192.0.2.50')
		const [order] = await db().select().from(orders).where(eq(orders.id, id))
		expect(order!.status).toBe('pending')
	})

	test('an order that is paid, ended or already a transfer cannot become one', async () => {
		const paid = await checkout(1)
		await recordSandboxPayment(db(), paid.id, { email: 'paid@example.com' })
		expect(await transfer(paid.id, 'x@acme.example')).toEqual({ refused: 'not-pending' })
		const twice = await checkout(1)
		await transfer(twice.id, 'y@acme.example')
		expect(await transfer(twice.id, 'y@acme.example')).toEqual({ refused: 'not-pending' })
		expect(
			await db()
				.select()
				.from(bankTransfers)
				.where(and(eq(bankTransfers.orderId, twice.id))),
		).toHaveLength(1)
	})

	test('turned off, nothing becomes a transfer', async () => {
		useInProcess({ ...ENV, SMTP_URL: suite.smtp.url, BANK_TRANSFER: '0' })
		const { id } = await checkout(1)
		expect(await transfer(id, 'off@acme.example')).toEqual({ refused: 'off' })
	})
})
