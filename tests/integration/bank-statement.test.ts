/**
 * The bank-statement import (issue 37 item 2, docs/decisions/170), through the models on a
 * database of the test's own, the real job queue and a real SMTP peer: a CAMT.053 or CSV credit
 * is matched to the transfer waiting for it by the reference anywhere in its text and by
 * currency, and recorded through the owner's own path (a part stays due; the whole pays the
 * order: receipt and seat links); the same statement twice records nothing twice; what does not
 * match is listed with its reason, assigned by the owner or dismissed, once, all audited.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { orders } from '~/db/schema.server'
import { ownerAuditLog } from '~/db/schema-admin.server'
import { bankStatementEntries, bankTransfers } from '~/db/schema-transfers.server'
import { parseStatement } from '~/domain/transfers/camt053'
import { inGroupsOfFour } from '~/domain/transfers/reference'
import { createCheckout } from '~/models/checkout/index.server'
import {
	assignStatementEntry,
	dismissStatementEntry,
	importStatement,
	listStatementEntries,
	payByTransfer,
} from '~/models/transfers/index.server'
import { decodedMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, smtpInProcessSuite, useInProcess } from '../support/in-process'

const SEAT = 'ai-driven-dev-preorder'
const ORIGIN = 'https://site.test'
const ENV = {
	COURSE_SLOTS: '40',
	CHECKOUT_HOLD_SHARE_PERCENT: '100',
	SITE_URL: ORIGIN,
	BANK_TRANSFER_DAYS: '14',
	BANK_TRANSFER_SEATS_PER_BUYER: '8',
}
const OWNER = 'mona (GitHub #1001)'

type Credit = { ref?: string; amount: string; currency?: string; text: string; payer?: string }

/** A CAMT.053 (.001.02) statement with one booked credit entry per `credits`. */
function camt(credits: Credit[]): string {
	const entries = credits.map(
		(credit, index) => `<Ntry>
			<Amt Ccy="${credit.currency ?? 'USD'}">${credit.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd>
			<Sts>BOOK</Sts><BookgDt><Dt>2026-11-29</Dt></BookgDt>
			<AcctSvcrRef>${credit.ref ?? `E${index}`}</AcctSvcrRef>
			<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>${credit.payer ?? 'Acme GmbH'}</Nm></Dbtr></RltdPties>
			<RmtInf><Ustrd>${credit.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
	)
	return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>${entries.join('')}</Stmt></BkToCstmrStmt></Document>`
}

describe.each(databaseBackends)('importing a bank statement on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { env: ENV })
	const db = () => suite.database.db
	let buyers = 0

	beforeEach(async () => {
		useInProcess({ ...ENV, SMTP_URL: suite.smtp.url })
		invalidateSalesCache()
		for (const table of [
			'bank_statement_entries',
			'bank_transfers',
			'passes',
			'payment_events',
			'invoices',
			'orders',
			'owner_audit_log',
		])
			await db().execute(sql.raw(`DELETE FROM ${table}`))
	})

	/** A company's order of `quantity` seats waiting for its transfer, with its reference. */
	const waitingTransfer = async (quantity: number, email: string) => {
		const { id } = await createCheckout(db(), {
			code: SEAT,
			quantity,
			region: 'GLOBAL',
			origin: ORIGIN,
			clientIp: `198.51.100.${++buyers}`,
		})
		const billing = {
			company: 'Acme GmbH',
			address: 'Hauptstraße 1\n10115 Berlin',
			country: 'DE',
			vatNumber: null,
		}
		expect(await payByTransfer(db(), id, { email, name: 'Grace', billing }, ORIGIN)).toEqual({
			ok: true,
		})
		await drainJobs(suite.database)
		const [row] = await db().select().from(bankTransfers).where(eq(bankTransfers.orderId, id))
		const [order] = await db().select().from(orders).where(eq(orders.id, id))
		return { id, reference: row!.reference, amountMinor: order!.amountMinor }
	}
	const importFile = async (text: string) => {
		const parsed = parseStatement(text)
		if (!parsed.ok) throw new Error(parsed.error)
		return importStatement(db(), parsed, OWNER)
	}
	const entries = () => db().select().from(bankStatementEntries)
	const statusOf = async (id: string) =>
		(await db().select().from(orders).where(eq(orders.id, id)))[0]!.status
	const mailTo = (email: string) => suite.smtp.mailTo(email).map((mail) => decodedMail(mail.raw))

	test('a credit with the reference spaced and in lower case pays its order: receipt with the seat links', async () => {
		const order = await waitingTransfer(5, 'pays@acme.example')
		const spaced = inGroupsOfFour(order.reference).toLowerCase()
		const amount = (order.amountMinor / 100).toFixed(2)
		expect(await importFile(camt([{ amount, text: `Invoice, ref ${spaced}, thanks` }]))).toEqual({
			format: 'camt.053',
			read: 1,
			alreadyImported: 0,
			paid: 1,
			partlyPaid: 0,
			unmatched: 0,
		})
		expect(await statusOf(order.id)).toBe('paid')
		await drainJobs(suite.database)
		const receipt = mailTo('pays@acme.example').find((mail) =>
			mail.includes('Subject: Your receipt'),
		)
		expect(receipt).toContain('/pass/')
		const [entry] = await entries()
		expect(entry).toMatchObject({ status: 'matched', orderId: order.id, reason: null })
		const audit = await db().select().from(ownerAuditLog)
		expect(audit.map((line) => line.action).sort()).toEqual([
			'bank-statement-imported',
			'statement-entry-matched',
			'transfer-received',
		])
	})

	test('the same statement imported twice records nothing twice; a part stays due', async () => {
		const order = await waitingTransfer(5, 'twice@acme.example')
		const file = camt([{ amount: '100.00', text: order.reference }])
		expect(await importFile(file)).toMatchObject({ partlyPaid: 1, alreadyImported: 0 })
		expect(await importFile(file)).toMatchObject({ partlyPaid: 0, alreadyImported: 1 })
		const [row] = await db().select().from(bankTransfers).where(eq(bankTransfers.orderId, order.id))
		expect(row!.receivedMinor).toBe(10000)
		expect(await statusOf(order.id)).toBe('pending')
	})

	test('a CSV without bank references: the same file twice is once, two equal lines are two', async () => {
		const order = await waitingTransfer(5, 'csv@acme.example')
		const line = `2026-11-29,10.00,USD,${order.reference},Acme GmbH`
		const file = `date,amount,currency,reference,payer\n${line}\n${line}\n`
		expect(await importFile(file)).toMatchObject({ format: 'csv', partlyPaid: 2 })
		expect(await importFile(file)).toMatchObject({ partlyPaid: 0, alreadyImported: 2 })
		const [row] = await db().select().from(bankTransfers).where(eq(bankTransfers.orderId, order.id))
		expect(row!.receivedMinor).toBe(2000)
	})

	test('what does not match is listed with its reason and changes no order', async () => {
		const order = await waitingTransfer(5, 'unmatched@acme.example')
		const paidTransfer = await waitingTransfer(1, 'paid-transfer@acme.example')
		const whole = (paidTransfer.amountMinor / 100).toFixed(2)
		await importFile(camt([{ amount: whole, text: paidTransfer.reference, ref: 'PAY' }]))
		expect(await statusOf(paidTransfer.id)).toBe('paid')
		const too = (order.amountMinor / 100 + 1).toFixed(2)
		const summary = await importFile(
			camt([
				{ amount: '10.00', text: 'Workshop seats' },
				{ amount: '10.00', text: 'RF18 5390 0754 7034' },
				{ amount: '10.00', text: paidTransfer.reference },
				{ amount: '10.00', text: order.reference, currency: 'EUR' },
				{ amount: too, text: order.reference },
			]),
		)
		expect(summary).toMatchObject({ read: 5, unmatched: 5, paid: 0, partlyPaid: 0 })
		const { unmatched } = await listStatementEntries(db())
		expect(unmatched.map((entry) => entry.reason)).toEqual([
			'no-reference',
			'unknown-reference',
			'already-paid',
			'wrong-currency',
			'too-much',
		])
		const [row] = await db().select().from(bankTransfers).where(eq(bankTransfers.orderId, order.id))
		expect(row!.receivedMinor).toBe(0)
	})

	test('the owner assigns an unmatched credit to an order by its reference, once, and the buyer gets the receipt with the seat links; or dismisses one, once', async () => {
		const order = await waitingTransfer(5, 'assigned@acme.example')
		const amount = (order.amountMinor / 100).toFixed(2)
		await importFile(
			camt([
				{ amount, text: 'Acme seats, see e-mail' },
				{ amount: '5.00', text: 'Not ours' },
			]),
		)
		// Found by what they are: entries imported together are listed in no particular order.
		const listed = (await listStatementEntries(db())).unmatched
		const first = listed.find((entry) => entry.amountMinor === order.amountMinor)
		const second = listed.find((entry) => entry !== first)
		expect(await assignStatementEntry(db(), first!.id, 'RF00 0000', OWNER)).toEqual({
			refused: 'unknown-order',
		})
		expect(
			await assignStatementEntry(db(), first!.id, inGroupsOfFour(order.reference), OWNER),
		).toEqual({ status: 'paid', orderId: order.id })
		expect(await assignStatementEntry(db(), first!.id, order.id, OWNER)).toEqual({
			refused: 'resolved',
		})
		expect(await statusOf(order.id)).toBe('paid')
		await drainJobs(suite.database)
		const receipt = mailTo('assigned@acme.example').find((mail) =>
			mail.includes('Subject: Your receipt'),
		)
		expect(receipt).toContain('/pass/')
		expect(await dismissStatementEntry(db(), second!.id, OWNER)).toBe(true)
		expect(await dismissStatementEntry(db(), second!.id, OWNER)).toBe(false)
		expect(await assignStatementEntry(db(), second!.id, order.id, OWNER)).toEqual({
			refused: 'resolved',
		})
		const { unmatched, resolved } = await listStatementEntries(db())
		expect(unmatched).toEqual([])
		expect(resolved.map((entry) => entry.status).sort()).toEqual(['assigned', 'dismissed'])
		const actions = (await db().select().from(ownerAuditLog)).map((line) => line.action)
		expect(actions).toEqual(
			expect.arrayContaining(['statement-entry-assigned', 'statement-entry-dismissed']),
		)
	})

	test('an assignment in the wrong currency or over what is due is refused and records nothing', async () => {
		const order = await waitingTransfer(5, 'refused@acme.example')
		const too = (order.amountMinor / 100 + 1).toFixed(2)
		await importFile(
			camt([
				{ amount: '10.00', text: 'x', currency: 'EUR' },
				{ amount: too, text: 'y' },
			]),
		)
		// Found by what they are: entries imported together are listed in no particular order.
		const { unmatched } = await listStatementEntries(db())
		const euro = unmatched.find((entry) => entry.currency.toUpperCase() === 'EUR')
		const over = unmatched.find((entry) => entry !== euro)
		expect(await assignStatementEntry(db(), euro!.id, order.id, OWNER)).toEqual({
			refused: 'wrong-currency',
		})
		expect(await assignStatementEntry(db(), over!.id, order.id, OWNER)).toEqual({
			refused: 'too-much',
		})
		const [row] = await db().select().from(bankTransfers).where(eq(bankTransfers.orderId, order.id))
		expect(row!.receivedMinor).toBe(0)
		expect((await listStatementEntries(db())).unmatched).toHaveLength(2)
	})
})
