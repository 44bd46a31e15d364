/**
 * Upgrade credit spent once even by a late payment (docs/decisions/165's known gap, closed by 171):
 * a course order's hold ends while its payment is on its way, another order takes the same credit,
 * both are paid. The late one is refunded in full, told why, as a coupon used up is (decision
 * 112); the credit stays with the order that held it. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { orders, passes } from '~/db/schema.server'
import { jobs } from '~/db/schema-jobs.server'
import {
	createCheckout,
	recordSandboxPayment,
	sendUpgradeCreditLinks,
} from '~/models/checkout/index.server'
import { decodedMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, smtpInProcessSuite } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'
const SEAT = 'ai-driven-dev-preorder'
const LISTEN_PORT = 43_267
const ORIGIN = `http://localhost:${LISTEN_PORT}`

describe.each(databaseBackends)('a late payment and the upgrade credit on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { listenPort: LISTEN_PORT })
	const db = () => suite.database.db
	let n = 0
	const address = (who: string) => `${who}-${++n}@example.com`
	const mailTo = (email: string) => suite.smtp.mailTo(email).map((mail) => decodedMail(mail.raw))
	const order = async (id: string) =>
		(await db().select().from(orders).where(eq(orders.id, id)))[0]!

	/** A paid day pass of `holder`'s and the key of the upgrade link mailed to them. */
	async function creditKey(holder: string): Promise<string> {
		const { id } = await createCheckout(db(), {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		await recordSandboxPayment(db(), id, { email: holder })
		await db().select().from(passes).where(eq(passes.orderId, id))
		await drainJobs(suite.database)
		suite.smtp.received.length = 0
		await sendUpgradeCreditLinks(db(), { email: holder, origin: ORIGIN, courseName: 'the course' })
		await drainJobs(suite.database)
		const [match] = mailTo(holder).flatMap((raw) => [
			...raw.matchAll(/\/upgrade\/([A-Za-z0-9_.%-]+)/g),
		])
		return decodeURIComponent(match![1]!)
	}
	const upgrade = (upgradeKey: string) =>
		createCheckout(db(), { code: SEAT, quantity: 1, region: 'GLOBAL', upgradeKey, origin: ORIGIN })
	const endHold = (id: string) =>
		db()
			.update(orders)
			.set({ expiresAt: sql`now() - interval '1 second'` })
			.where(eq(orders.id, id))

	test('a payment after its hold ended, when another order took the credit meanwhile, is refunded in full and told why; the credit is spent once', async () => {
		const holder = address('holder')
		const key = await creditKey(holder)
		const late = await upgrade(key)
		await endHold(late.id)
		// The credit came back with the hold: a second checkout with the link takes it and pays.
		const other = await upgrade(key)
		await recordSandboxPayment(db(), other.id, { email: holder })
		// The first payment arrives late.
		await recordSandboxPayment(db(), late.id, { email: holder })
		await drainJobs(suite.database)

		expect((await order(other.id)).status).toBe('paid')
		expect(await order(late.id)).toMatchObject({
			status: 'refunded',
			failureReason: 'upgrade-credit-spent',
		})
		const credited = await db()
			.select({ id: orders.id })
			.from(orders)
			.where(
				and(
					eq(orders.creditPassId, (await order(other.id)).creditPassId!),
					eq(orders.status, 'paid'),
				),
			)
		expect(credited).toEqual([{ id: other.id }])
		const notice = mailTo(holder).filter((raw) =>
			raw.includes(`Your order ${late.id} is being refunded`),
		)
		expect(notice).toHaveLength(1)
		expect(notice[0]).toContain('upgrade credit')
		// No receipt for the refunded order.
		expect(mailTo(holder).some((raw) => raw.includes(`Your receipt for order ${late.id}`))).toBe(
			false,
		)
	})

	test('a late payment whose credit nobody took meanwhile keeps it and is paid as usual', async () => {
		const holder = address('holder')
		const late = await upgrade(await creditKey(holder))
		await endHold(late.id)
		await recordSandboxPayment(db(), late.id, { email: holder })
		await drainJobs(suite.database)
		expect(await order(late.id)).toMatchObject({ status: 'paid', creditMinor: 9_900 })
		const refunds = await db().select().from(jobs).where(eq(jobs.kind, 'checkout.refund-late'))
		expect(refunds.filter((job) => job.payload.orderId === late.id)).toEqual([])
	})

	test('/upgrade mails one mailbox at most CONFIRMATIONS_PER_MAILBOX_PER_HOUR links an hour, however the address is spelled; past it the form answers alike and mails nothing', async () => {
		const holder = address('limited')
		await creditKey(holder)
		const [local, domain] = holder.split('@')
		for (const spelling of [holder, `${local}+a@${domain}`, holder.toUpperCase(), holder, holder])
			await sendUpgradeCreditLinks(db(), {
				email: spelling,
				origin: ORIGIN,
				courseName: 'the course',
			})
		await drainJobs(suite.database)
		// creditKey's own request was the first of the hour's 3 (the default limit).
		expect(mailTo(holder).filter((raw) => raw.includes('/upgrade/'))).toHaveLength(3)
	})
})
