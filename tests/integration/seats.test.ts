/**
 * Seats to share (issue 25, item 4; docs/decisions/118), through the models on a database of the
 * test's own and a real SMTP peer: a course order of several seats issues one claim link per seat
 * (the day passes' machinery: a seat is a `passes` row of the course item), in the receipt with
 * words about seats; a seat is claimed once and its holder gets a confirmation; a refund tells
 * the seat holders; a reassigned seat speaks of seats; the owner's person page shows seat holders.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { passes } from '~/db/schema.server'
import {
	claimPass,
	createCheckout,
	findValidPass,
	getCheckout,
	recordSandboxPayment,
} from '~/models/checkout/index.server'
import { reassignPass, refundOrder } from '~/models/checkout/order-actions.server'
import { passExportRows } from '~/models/checkout/passes-export.server'
import { getOverview } from '~/models/figures/overview.server'
import { getPerson } from '~/models/leads/person.server'
import { passFiltersSchema } from '~/models/lists/filters.server'
import { decodedMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, smtpInProcessSuite } from '../support/in-process'

const SEAT = 'ai-driven-dev-preorder'
const SEAT_NAME = 'AI Driven Dev: pre-order seat'
const owner = { name: 'mona (GitHub #1001)' }
const LISTEN_PORT = 43_211
const ORIGIN = `http://localhost:${LISTEN_PORT}`

const read = (mail: { raw: string }) => {
	const raw = decodedMail(mail.raw)
	return { raw, subject: raw.match(/^Subject: (.*)$/m)?.[1] ?? '' }
}

describe.each(databaseBackends)('seats to share on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { listenPort: LISTEN_PORT })
	let n = 0
	const address = (who: string) => `${who}-${++n}@example.com`

	const deliver = () => drainJobs(suite.database)
	const mailTo = (email: string) => suite.smtp.mailTo(email).map(read)

	async function buySeats(quantity: number, email: string) {
		const { id } = await createCheckout(suite.database.db, {
			code: SEAT,
			quantity,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		await recordSandboxPayment(suite.database.db, id, { email })
		const view = await getCheckout(suite.database.db, id)
		return { id, seats: view?.data.passes ?? [] }
	}

	test('a course order of three seats issues one claim link per seat, the buyer’s own among them; the receipt carries each', async () => {
		const buyer = address('team-lead')
		const order = await buySeats(3, buyer)
		expect(order.seats).toHaveLength(3)
		expect(new Set(order.seats).size).toBe(3)
		for (const id of order.seats) {
			expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
			expect(await findValidPass(suite.database.db, id)).toMatchObject({
				orderId: order.id,
				itemType: 'course',
				claimedAt: null,
			})
		}
		await deliver()
		const [receipt, ...more] = mailTo(buyer)
		expect(more).toEqual([])
		expect(receipt!.subject).toBe(`Your receipt for order ${order.id}`)
		const { raw } = receipt!
		expect(raw).toContain('Your seats: each is claimed once, by the person who takes the course.')
		for (const [index, id] of order.seats.entries())
			expect(raw).toContain(`Seat ${index + 1}: ${ORIGIN}/pass/${id}`)
		expect(raw).toContain('Your 3 seats are in this order, one of them yours')
		expect(raw).toContain(
			'Claim your own seat with one link and send the others to your team: each person claims theirs once, with their own name and e-mail.',
		)
		expect(raw).not.toContain('Your passes')
		expect(raw).not.toMatch(/claim your pass|Pass 1/i)
	})

	test('one seat is the buyer’s own: no claim link, the receipt says so', async () => {
		const buyer = address('solo')
		const order = await buySeats(1, buyer)
		expect(order.seats).toEqual([])
		await deliver()
		const { raw } = mailTo(buyer)[0]!
		expect(raw).toContain('Your seat is saved in your name.')
		expect(raw).not.toContain('/pass/')
	})

	test('a seat is claimed once; its holder gets a confirmation about the course, once; a second claim is refused', async () => {
		const holder = address('holder')
		const order = await buySeats(2, address('buyer'))
		const [seat, other] = order.seats as [string, string]
		expect(
			await claimPass(suite.database.db, seat, { name: 'Grace Hopper', email: holder }, ORIGIN),
		).toBe('claimed')
		expect(
			await claimPass(
				suite.database.db,
				seat,
				{ name: 'Eve Intruder', email: address('eve') },
				ORIGIN,
			),
		).toBe('already-claimed')
		await deliver()
		const mails = mailTo(holder)
		expect(mails.map((mail) => mail.subject)).toEqual([`Your ${SEAT_NAME} is confirmed`])
		expect(mails[0]!.raw).toContain('Hi Grace Hopper,')
		expect(mails[0]!.raw).toContain(`${ORIGIN}/pass/${seat}/thank-you`)
		expect(mails[0]!.raw).toContain('When the course opens, we e-mail your access to this address.')
		expect(mails[0]!.raw).toContain('filename=course-release.ics')
		// The seat is the holder's; the other is still free.
		expect(await findValidPass(suite.database.db, seat)).toMatchObject({
			holderName: 'Grace Hopper',
			holderEmail: holder,
		})
		expect((await findValidPass(suite.database.db, other))?.claimedAt).toBeNull()
	})

	test('a refunded course order tells each seat holder their seat is cancelled, and the buyer once', async () => {
		const buyer = address('refund-buyer')
		const holder = address('refund-holder')
		const order = await buySeats(3, buyer)
		await claimPass(suite.database.db, order.seats[0]!, { name: 'Ada', email: buyer }, ORIGIN)
		await claimPass(suite.database.db, order.seats[1]!, { name: 'Grace', email: holder }, ORIGIN)
		await deliver()
		suite.smtp.received.length = 0
		expect((await refundOrder(suite.database.db, owner, order.id)).ok).toBe(true)
		await deliver()
		const toBuyer = mailTo(buyer)
		expect(toBuyer.map((mail) => mail.subject)).toEqual([`Your order ${order.id} is refunded`])
		expect(toBuyer[0]!.raw).toContain('Your 3 seats are released; whoever claimed one is told too.')
		expect(mailTo(holder).map((mail) => mail.subject)).toEqual([`Your ${SEAT_NAME} is cancelled`])
		// A refunded order's seat links no longer work.
		expect(await findValidPass(suite.database.db, order.seats[2]!)).toBeNull()
	})

	test('a reassigned seat speaks of seats to the new holder and to the buyer', async () => {
		const buyer = address('reassign-buyer')
		const recipient = address('recipient')
		const order = await buySeats(2, buyer)
		await deliver()
		suite.smtp.received.length = 0
		const moved = await reassignPass(suite.database.db, owner, {
			orderId: order.id,
			passId: order.seats[0]!,
			email: recipient,
			origin: ORIGIN,
		})
		expect(moved.ok).toBe(true)
		await deliver()
		const toRecipient = mailTo(recipient)
		expect(toRecipient.map((mail) => mail.subject)).toEqual([`Your ${SEAT_NAME}`])
		expect(toRecipient[0]!.raw).toContain(`An ${SEAT_NAME} is yours.`)
		expect(mailTo(buyer).map((mail) => mail.subject)).toEqual([`An ${SEAT_NAME} has a new link`])
	})

	test('the owner’s person page shows the seats a buyer bought and the seats a holder holds', async () => {
		const buyer = address('person-buyer')
		const holder = address('person-holder')
		const order = await buySeats(2, buyer)
		await claimPass(
			suite.database.db,
			order.seats[1]!,
			{ name: 'Grace Hopper', email: holder },
			ORIGIN,
		)

		const ofBuyer = await getPerson(suite.database.db, buyer)
		expect(ofBuyer).toMatchObject({ seatsBought: 2, seatsHeld: 0, passCount: 0 })
		expect(ofBuyer!.passes).toEqual([
			expect.objectContaining({ id: order.seats[0], unit: 'seat', bought: true, held: false }),
			expect.objectContaining({
				id: order.seats[1],
				unit: 'seat',
				bought: true,
				holderName: 'Grace Hopper',
			}),
		])

		const ofHolder = await getPerson(suite.database.db, holder)
		expect(ofHolder).toMatchObject({ seatsBought: 0, seatsHeld: 1, names: ['Grace Hopper'] })
		expect(ofHolder!.passes).toEqual([
			expect.objectContaining({ id: order.seats[1], unit: 'seat', bought: false, held: true }),
		])

		// A single seat is its buyer's own.
		const solo = address('person-solo')
		await buySeats(1, solo)
		expect(await getPerson(suite.database.db, solo)).toMatchObject({ seatsBought: 1, seatsHeld: 1 })
		const rows = await suite.database.db.select().from(passes).where(eq(passes.orderId, order.id))
		expect(rows).toHaveLength(2)
	})

	test('the owner’s overview counts seat links apart from day passes', async () => {
		const before = await getOverview(suite.database.db, { from: '2026-01-01', to: '2026-01-02' })
		const order = await buySeats(2, address('overview-buyer'))
		await claimPass(
			suite.database.db,
			order.seats[0]!,
			{ name: 'Ada', email: address('ov') },
			ORIGIN,
		)
		const after = await getOverview(suite.database.db, { from: '2026-01-01', to: '2026-01-02' })
		expect(after.passes).toEqual({
			issued: before.passes.issued,
			claimed: before.passes.claimed,
			seatLinks: before.passes.seatLinks + 2,
			seatsClaimed: before.passes.seatsClaimed + 1,
		})
	})

	test('the owner’s passes export lists each seat with its holder, filtered by the course', async () => {
		const holder = address('export-holder')
		const order = await buySeats(2, address('export-buyer'))
		await claimPass(
			suite.database.db,
			order.seats[0]!,
			{ name: 'Grace Hopper', email: holder },
			ORIGIN,
		)
		const filters = passFiltersSchema.parse({ product: SEAT, claimed: 'yes' })
		const exported = []
		for await (const row of passExportRows(suite.database.db, filters)) exported.push(row)
		expect(exported).toContainEqual(
			expect.objectContaining({
				id: order.seats[0],
				orderId: order.id,
				itemCode: SEAT,
				holderName: 'Grace Hopper',
				holderEmail: holder,
			}),
		)
		expect(exported.map((row) => row.id)).not.toContain(order.seats[1])
	})
})
