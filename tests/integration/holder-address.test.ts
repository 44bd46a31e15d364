/**
 * Correcting a claimed holder's address (issue 36, item 13c; docs/decisions/157), through the
 * models on a database of the test's own and a real SMTP peer: the new address gets the pass's
 * confirmation with its calendar file and, from then on, what the holder gets (the day's
 * reminders, the course's access); the old address gets a short notice that does not name the
 * new one; the change is in the audit log; an unclaimed pass, the same address or a refunded order
 * changes nothing. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { eventsOf } from '~/content/site-content.server'
import { passes } from '~/db/schema.server'
import { ownerAuditLog } from '~/db/schema-admin.server'
import { MESSAGES } from '~/forms/messages'
import { changeHolderAddress } from '~/models/checkout/holder-address.server'
import { claimPass, createCheckout, recordSandboxPayment } from '~/models/checkout/index.server'
import { refundOrder } from '~/models/checkout/order-actions.server'
import { courseAccessRecipients } from '~/models/course/seat-access.server'
import { isRegistered } from '~/models/events/registrants.server'
import { decodedMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, smtpInProcessSuite } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'
const SEAT = 'ai-driven-dev-preorder'
const owner = { name: 'mona (GitHub #1001)' }
const LISTEN_PORT = 43_212
const ORIGIN = `http://localhost:${LISTEN_PORT}`

describe.each(databaseBackends)('correcting a claimed holder’s address on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { listenPort: LISTEN_PORT })
	const db = () => suite.database.db
	let n = 0
	const address = (who: string) => `${who}-${++n}@example.com`
	const mailTo = (email: string) =>
		suite.smtp.mailTo(email).map((mail) => {
			const raw = decodedMail(mail.raw)
			// A long subject is folded over lines (RFC 5322): unfolded, as a reader sees it.
			const subject = raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? ''
			return { raw, subject: subject.replace(/\r?\n[ \t]+/g, ' ') }
		})

	/** A paid order of `quantity` × `code`, its first pass claimed by `holder`. */
	async function claimedPass(code: string, quantity: number, holder: string) {
		const { id } = await createCheckout(db(), { code, quantity, region: 'GLOBAL', origin: ORIGIN })
		await recordSandboxPayment(db(), id, { email: address('buyer') })
		const rows = await db()
			.select({ id: passes.id })
			.from(passes)
			.where(eq(passes.orderId, id))
			.orderBy(passes.createdAt, passes.id)
		expect(
			await claimPass(db(), rows[0]!.id, { name: 'Grace Hopper', email: holder }, ORIGIN),
		).toBe('claimed')
		await drainJobs(suite.database)
		suite.smtp.received.length = 0
		return { orderId: id, passId: rows[0]!.id, unclaimed: rows[1]?.id }
	}

	test('the new address gets the pass’s confirmation and the holder’s reminders from then on; the old one a notice without the new address; the change is audit-logged', async () => {
		const [oldAddress, newAddress] = [address('typo'), address('right')]
		const { orderId, passId } = await claimedPass(PASS, 2, oldAddress)
		const outcome = await changeHolderAddress(db(), owner, {
			orderId,
			passId,
			email: newAddress,
			origin: ORIGIN,
		})
		expect(outcome).toEqual({
			ok: true,
			message: `The pass's holder address is now ${newAddress}.`,
		})
		await drainJobs(suite.database)

		const [welcome, ...moreNew] = mailTo(newAddress)
		expect(moreNew).toEqual([])
		expect(welcome!.subject).toMatch(/is confirmed/)
		expect(welcome!.raw).toContain('Content-Type: text/calendar')
		expect(welcome!.raw).toContain('Grace')
		expect(welcome!.raw).not.toContain(oldAddress)

		const [notice, ...moreOld] = mailTo(oldAddress)
		expect(moreOld).toEqual([])
		expect(notice!.subject).toBe('Your AI Driven Development Day pass now goes to another address')
		expect(notice!.raw).not.toContain(newAddress)

		// The day's reminders (with the joining link) go to whom the pass now names.
		const day = eventsOf('day')[0]!
		expect(await isRegistered(db(), day, newAddress)).toBe(true)
		expect(await isRegistered(db(), day, oldAddress)).toBe(false)

		const lines = await db()
			.select()
			.from(ownerAuditLog)
			.where(eq(ownerAuditLog.target, `order:${orderId}`))
		expect(lines.map((line) => [line.action, line.actor, line.before, line.after])).toEqual([
			[
				'change-holder-address',
				owner.name,
				{ passId, holderEmail: oldAddress },
				{ passId, holderEmail: newAddress },
			],
		])
	})

	test('a claimed course seat’s corrected holder is who gets the course’s access', async () => {
		const [oldAddress, newAddress] = [address('seat-typo'), address('seat-right')]
		const { orderId, passId } = await claimedPass(SEAT, 3, oldAddress)
		const outcome = await changeHolderAddress(db(), owner, {
			orderId,
			passId,
			email: newAddress,
			origin: ORIGIN,
		})
		expect(outcome).toMatchObject({
			ok: true,
			message: `The seat's holder address is now ${newAddress}.`,
		})
		const recipients = (await courseAccessRecipients(db())).map((row) => row.email)
		expect(recipients).toContain(newAddress)
		expect(recipients).not.toContain(oldAddress)
		await drainJobs(suite.database)
		expect(mailTo(oldAddress).map((mail) => mail.subject)).toEqual([
			'Your AI Driven Dev: pre-order seat now goes to another address',
		])
	})

	test('an unclaimed pass, the address it already has, or a refunded order changes nothing and sends nothing', async () => {
		const holder = address('holder')
		const { orderId, passId, unclaimed } = await claimedPass(PASS, 2, holder)
		const change = (id: string, email: string) =>
			changeHolderAddress(db(), owner, { orderId, passId: id, email, origin: ORIGIN })

		expect(await change(unclaimed!, address('someone'))).toEqual({
			ok: false,
			message: MESSAGES.holderNotClaimed,
		})
		// The same mailbox, spelled otherwise, is no correction.
		expect(await change(passId, holder.toUpperCase())).toEqual({
			ok: false,
			message: MESSAGES.holderEmailSame,
			field: 'email',
		})
		expect((await refundOrder(db(), owner, orderId)).ok).toBe(true)
		await drainJobs(suite.database)
		suite.smtp.received.length = 0
		expect(await change(passId, address('late'))).toEqual({
			ok: false,
			message: MESSAGES.holderNotClaimed,
		})
		await drainJobs(suite.database)
		expect(suite.smtp.received).toEqual([])
		const [row] = await db().select().from(passes).where(eq(passes.id, passId))
		expect(row?.holderEmail).toBe(holder)
	})
})
