/**
 * A seat as a gift (issue 37 item 5, docs/decisions/166), through the models, the job queue and a
 * real SMTP peer: the buyer's receipt carries a copy of the message and the change link, never
 * the seat link; the recipient gets the link on the chosen day through a durable job; the buyer
 * changes the recipient until the claim; a refund stops a gift not yet sent. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getConfig } from '~/config.server'
import { passes } from '~/db/schema.server'
import { jobs } from '~/db/schema-jobs.server'
import { claimPass, createCheckout, recordSandboxPayment } from '~/models/checkout/index.server'
import { refundOrder } from '~/models/checkout/order-actions.server'
import { changeGift, GIFT_DELIVERY_JOB, readGiftForChange } from '~/models/gifts/gifts.server'
import { createLinkToken } from '~/models/links/signed-token.server'
import { decodedMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, jobsDueNow, smtpInProcessSuite } from '../support/in-process'

const SEAT = 'ai-driven-dev-preorder'
const DAY_PASS = 'ai-driven-development-day-pass'
const LISTEN_PORT = 43_266
const ORIGIN = `http://localhost:${LISTEN_PORT}`
const owner = { name: 'mona (GitHub #1001)' }

const dayAhead = (days: number) =>
	new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

describe.each(databaseBackends)('a seat as a gift on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { listenPort: LISTEN_PORT })
	const db = () => suite.database.db
	let n = 0
	const address = (who: string) => `${who}-${++n}@example.com`
	const mailTo = (email: string) => suite.smtp.mailTo(email).map((mail) => decodedMail(mail.raw))

	/** A paid gift order of one `code` from `buyer` to `recipient`, for `day`. */
	async function giftOrder(buyer: string, recipient: string, day: string, code = SEAT) {
		const { id } = await createCheckout(db(), {
			code,
			quantity: 1,
			region: 'GLOBAL',
			origin: ORIGIN,
			gift: { name: 'Grace Hopper', email: recipient, message: 'Happy birthday!\nEnjoy it.', day },
		})
		await recordSandboxPayment(db(), id, { email: buyer, name: 'Ada Lovelace' })
		await drainJobs(suite.database)
		return id
	}
	const passOf = async (orderId: string) =>
		(await db().select().from(passes).where(eq(passes.orderId, orderId)))[0]!
	const changeKeyIn = (mail: string) =>
		decodeURIComponent(/\/gift\/([A-Za-z0-9_.%-]+)/.exec(mail)![1]!)
	const passLinkIn = (mail: string | undefined) => /\/pass\/([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1]

	test('the buyer gets the receipt with a copy of the message and a change link, not the seat link; the recipient gets the link on the day, by a queued job, after a restart', async () => {
		const buyer = address('buyer')
		const recipient = address('recipient')
		const id = await giftOrder(buyer, recipient, dayAhead(10))

		const [receipt, ...others] = mailTo(buyer)
		expect(others).toEqual([])
		expect(receipt).toContain(`Your receipt for order ${id}`)
		expect(receipt).toContain(`This is a gift for Grace Hopper (${recipient})`)
		expect(receipt).toContain('Happy birthday!')
		expect(receipt).toContain('/gift/')
		expect(passLinkIn(receipt)).toBeUndefined()
		// Not before its day: the job waits in the queue, the recipient has nothing yet.
		expect(mailTo(recipient)).toEqual([])
		const [job] = await db().select().from(jobs).where(eq(jobs.kind, GIFT_DELIVERY_JOB))
		expect(job?.runAt.toISOString()).toBe(`${dayAhead(10)}T08:00:00.000Z`)

		// The day comes; a new worker (the server restarted: only the queue remembers) runs it.
		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
		const [gift, ...more] = mailTo(recipient)
		expect(more).toEqual([])
		expect(gift).toContain('Subject: A gift for you: AI Driven Dev: pre-order seat')
		expect(gift).toContain('Ada Lovelace gives you')
		expect(gift).toContain('Happy birthday!')
		expect(passLinkIn(gift)).toBe((await passOf(id)).id)
		// Once: the job run again sends nothing more.
		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
		expect(mailTo(recipient)).toHaveLength(1)
		// The buyer never got the recipient's link.
		expect(mailTo(buyer).some((mail) => passLinkIn(mail))).toBe(false)
	})

	test('a gift for today leaves at once; a day pass can be a gift too', async () => {
		const recipient = address('recipient')
		const id = await giftOrder(address('buyer'), recipient, dayAhead(0), DAY_PASS)
		const [gift] = mailTo(recipient)
		expect(gift).toContain('A gift for you: AI Driven Development Day pass')
		expect(passLinkIn(gift)).toBe((await passOf(id)).id)
	})

	test('before the claim the buyer changes the recipient: the first link stops working, the new recipient gets a new one on the new day; after the claim a change is refused', async () => {
		const buyer = address('buyer')
		const first = address('first')
		const second = address('second')
		const id = await giftOrder(buyer, first, dayAhead(0))
		const oldPass = passLinkIn(mailTo(first)[0])
		const key = changeKeyIn(mailTo(buyer)[0]!)
		expect((await readGiftForChange(db(), key))?.gift.recipientEmail).toBe(first)

		const change = { name: 'Alan Turing', email: second, message: 'For you', day: dayAhead(3) }
		expect(await changeGift(db(), key, change)).toBe('changed')
		await drainJobs(suite.database)
		expect(mailTo(second)).toEqual([])
		const pass = await passOf(id)
		expect(pass.id).not.toBe(oldPass)
		expect(await claimPass(db(), oldPass!, { name: 'Grace', email: first }, ORIGIN)).toBe(
			'not-found',
		)
		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
		const [gift] = mailTo(second)
		expect(gift).toContain('Hi Alan Turing,')
		expect(passLinkIn(gift)).toBe(pass.id)
		// The first recipient got nothing more.
		expect(mailTo(first)).toHaveLength(1)

		expect(await claimPass(db(), pass.id, { name: 'Alan Turing', email: second }, ORIGIN)).toBe(
			'claimed',
		)
		expect(await changeGift(db(), key, { ...change, email: address('third') })).toBe('claimed')
		expect((await readGiftForChange(db(), key))?.claimed).toBe(true)
	})

	test('a change link for another order, another purpose or made up changes nothing', async () => {
		const buyer = address('buyer')
		const id = await giftOrder(buyer, address('recipient'), dayAhead(5))
		const change = { name: 'Mallory', email: address('mallory'), message: '', day: dayAhead(0) }
		const secret = getConfig().SESSION_SECRET
		for (const key of [
			createLinkToken({ purpose: 'order', subject: id, expiresAt: 'never' }, secret),
			createLinkToken(
				{ purpose: 'gift-change', subject: 'not-an-order', expiresAt: 'never' },
				secret,
			),
			'made-up',
		])
			expect(await changeGift(db(), key, change)).toBe('not-found')
		const key = changeKeyIn(mailTo(buyer)[0]!)
		expect((await readGiftForChange(db(), key))?.gift.recipientName).toBe('Grace Hopper')
	})

	test('a refund before the day stops the gift: the recipient gets nothing', async () => {
		const recipient = address('recipient')
		const id = await giftOrder(address('buyer'), recipient, dayAhead(2))
		expect((await refundOrder(db(), owner, id)).ok).toBe(true)
		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
		expect(mailTo(recipient)).toEqual([])
		const [job] = await db()
			.select()
			.from(jobs)
			.where(and(eq(jobs.kind, GIFT_DELIVERY_JOB), eq(jobs.status, 'done')))
		expect(job).toBeDefined()
	})
})
