/**
 * Erasing a lead reaches every row that holds their address (docs/decisions/109, 132): the test
 * reads the schema for every column named like an address, so a new table or column holding one
 * fails here until erasure handles it or it is listed as kept, with the reason. A person who
 * signed up, joined the waiting list, got an offer, claimed a seat of someone else's order and
 * bought a day pass is erased; then no handled column holds the address, the owner's search finds
 * only their paid order, and the paid order and its invoice keep the buyer as issued. On PGlite,
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { orders, passes, refundedPasses, refunds, waitlistEntries } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import { sendEmail } from '~/integrations/email/index.server'
import { eraseLead } from '~/models/leads/erase.server'
import { saveLead } from '~/models/leads/leads.server'
import { findAnyone } from '~/models/leads/search.server'
import { databaseBackends } from '../support/databases'
import { leaveInProcess, useInProcess } from '../support/in-process'

/** Every column whose name says it holds an e-mail address, and what erasure does with it. */
const ERASED = [
	'leads.email',
	'survey_responses.email',
	'outbox.to_address',
	'bulk_send_recipients.email',
	'waitlist_entries.email',
	'orders.email',
	'orders.recovery_email',
	'passes.holder_email',
	'refunded_passes.holder_email',
	// Attendance and certificates of attendance (decision 172): deleted.
	'event_attendance.email',
	'certificates.email',
	// A gift's recipient (decision 166): the buyer's gift stays, with an erased recipient.
	'gifts.recipient_email',
]
const KEPT: Record<string, string> = {
	'outbox.from_address': "the site's own sender, never a visitor's",
}
/** Columns erased except where accounting keeps them: rows that may still hold the address. */
const KEPT_FOR_ACCOUNTING: Record<string, string> = {
	'orders.email': 'a paid or refunded order keeps its buyer (the invoice names them)',
	'outbox.to_address': "a buyer's receipts and refund notices (decision 109)",
}

const direct = { partnerKey: null, referralUrl: null, marketing: {} }
const ADDRESS = 'gone.everywhere@example.com'

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows

describe.each(databaseBackends)('erasing a lead on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	let leadId: number
	const ids = {
		offer: `ord_offer_${backend.name}`,
		paid: `ord_paid_${backend.name}`,
		other: `ord_other_${backend.name}`,
	}

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await prepareDatabase(database)
		useInProcess({ SMTP_URL: 'smtp://127.0.0.1:9' })
		const db = database.db
		leadId = (
			await saveLead(db, { email: ADDRESS, list: 'course', firstName: 'Gina', attribution: direct })
		).id
		const order = (id: string, status: 'pending' | 'paid', email: string, extra: object = {}) => ({
			id,
			itemCode: 'ai-driven-development-day-pass',
			quantity: 1,
			status,
			region: 'GLOBAL',
			amountMinor: 9_900,
			currency: 'usd',
			email,
			customerName: email === ADDRESS ? 'Gina Gone' : 'Other Buyer',
			...extra,
		})
		await db
			.insert(orders)
			.values([
				order(ids.offer, 'pending', ADDRESS, { expiresAt: new Date(Date.now() + 86_400_000) }),
				order(ids.paid, 'paid', ADDRESS),
				order(ids.other, 'paid', 'other.buyer@example.com', { recoveryEmail: ADDRESS }),
			])
		await db.insert(waitlistEntries).values({
			itemCode: 'ai-driven-development-day-pass',
			email: ADDRESS,
			quantity: 1,
			region: 'GLOBAL',
			status: 'offered',
			offerOrderId: ids.offer,
			offeredAt: new Date(),
		})
		await db.insert(passes).values({
			id: `pass_other_${backend.name}`.padEnd(22, 'x'),
			orderId: ids.other,
			itemCode: 'ai-driven-development-day-pass',
			holderName: 'Gina Gone',
			holderEmail: ADDRESS,
			claimedAt: new Date(),
			sentTo: ADDRESS,
		})
		// A seat of the other order she held, refunded on its own: the owner's records keep it.
		await db.insert(refunds).values({
			id: `${ids.other}.pass.gone`,
			orderId: ids.other,
			amountMinor: 0,
			itemCode: 'ai-driven-development-day-pass',
			region: 'GLOBAL',
			currency: 'usd',
		})
		await db.insert(refundedPasses).values({
			id: `pass_refunded_${backend.name}`.padEnd(22, 'x'),
			orderId: ids.other,
			refundId: `${ids.other}.pass.gone`,
			itemCode: 'ai-driven-development-day-pass',
			holderName: 'Gina Gone',
			holderEmail: ADDRESS,
			sentTo: ADDRESS,
			createdAt: new Date(),
		})
		await sendEmail(db, {
			to: ADDRESS,
			kind: 'receipt',
			subject: `Receipt ${ids.paid}`,
			text: 'Hi Gina',
		})
		await sendEmail(db, { to: ADDRESS, kind: 'passClaimed', subject: 'Your pass', text: 'Hi Gina' })
		await sendEmail(db, {
			to: ADDRESS,
			kind: 'waitlistOffer',
			subject: 'Your turn',
			text: 'Hi Gina',
			listUnsubscribe: 'https://site.test/unsubscribe?token=t',
		})
		await db.insert(invoices).values({
			id: `inv_${backend.name}`,
			seller: 'default',
			number: 1,
			prefix: 'INV-',
			kind: 'invoice',
			orderId: ids.paid,
			currency: 'usd',
			totalMinor: 9_900,
			data: { buyer: { name: 'Gina Gone', email: ADDRESS } } as never,
		})
		expect((await eraseLead(db, { name: 'mona (GitHub #1001)' }, leadId)).ok).toBe(true)
	})
	beforeEach(() => useInProcess({ SMTP_URL: 'smtp://127.0.0.1:9' }))
	afterEach(() => leaveInProcess())
	afterAll(() => cleanup?.())

	test('every column named like an address is erased or listed as kept, with its reason', async () => {
		const columns = rowsOf(
			await database.db.execute(sql`
				SELECT table_name || '.' || column_name AS name FROM information_schema.columns
				WHERE table_schema = current_schema() AND column_name ~* '(e_?mail|address|sent_to)'
				ORDER BY 1`),
		).map((row) => String(row.name))
		expect(columns.sort()).toEqual(
			[
				...new Set([...ERASED, ...Object.keys(KEPT), 'passes.sent_to', 'refunded_passes.sent_to']),
			].sort(),
		)
	})

	test('no erased column holds the address, but for what accounting keeps', async () => {
		for (const column of [...ERASED, 'passes.sent_to', 'refunded_passes.sent_to']) {
			const [table, name] = column.split('.')
			const found = rowsOf(
				await database.db.execute(
					sql`SELECT count(*)::int AS n FROM ${sql.identifier(table!)} WHERE lower(${sql.identifier(name!)}) = ${ADDRESS}`,
				),
			)[0]!.n
			if (column in KEPT_FOR_ACCOUNTING) continue
			expect(found, column).toBe(0)
		}
	})

	test('the waiting-list entry is removed and its offer holds no seat and no address', async () => {
		const [entry] = await database.db.select().from(waitlistEntries)
		expect(entry).toMatchObject({ status: 'removed' })
		expect(entry!.email).not.toContain('gone.everywhere')
		const [offer] = await database.db.select().from(orders).where(eq(orders.id, ids.offer))
		expect(offer!.email).not.toContain('gone.everywhere')
		expect(offer!.customerName).toBeNull()
		expect(offer!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now())
	})

	test('the seat they claimed on another order keeps its claim, not their address; that order’s reminder address is gone', async () => {
		const [pass] = await database.db.select().from(passes)
		expect(pass!.claimedAt).not.toBeNull()
		expect(JSON.stringify(pass)).not.toMatch(/gone\.everywhere|Gina/)
		const [other] = await database.db.select().from(orders).where(eq(orders.id, ids.other))
		expect(other!.recoveryEmail).toBeNull()
		expect(other!.email).toBe('other.buyer@example.com')
	})

	test('the paid order, its receipt and its invoice keep the buyer as issued', async () => {
		const [paid] = await database.db.select().from(orders).where(eq(orders.id, ids.paid))
		expect(paid).toMatchObject({ email: ADDRESS, customerName: 'Gina Gone' })
		const [invoice] = await database.db.select().from(invoices)
		expect(JSON.stringify(invoice!.data)).toContain(ADDRESS)
	})

	test('the owner’s search finds them only as the buyer of the paid order', async () => {
		const found = await findAnyone(database.db, 'gone.everywhere')
		expect(found.people.map((person) => [person.email, person.foundIn])).toEqual([
			[ADDRESS, ['orders', 'e-mails']],
		])
		const byName = await findAnyone(database.db, 'Gina')
		expect(byName.people.map((person) => person.email)).toEqual([ADDRESS])
	})
})
