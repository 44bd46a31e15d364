/**
 * The waiting list (issue 26, item 1; docs/decisions/120) on the real database: joining and the
 * count a page shows, offers when seats come back (a hold's end, a refund, a raised capacity),
 * an offer not taken passing to the next person, first come first served, the seat accounting
 * shared with checkouts (an offered seat is never sold to someone else, never offered twice),
 * and the offer's signed link. Since decision 130: joining only when sold out for the quantity
 * asked, a place only for a confirmed address, offers within the joining network's hold
 * allowance, seats the first person cannot use going to the next they fit, caps per network,
 * and /api/course's available figure agreeing with the checkout. On PGlite, and on PostgreSQL
 * too under scripts/with-postgres.sh.
 */
import { and, eq, notInArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { rowsOf } from '~/db/query.server'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { orders, waitlistEntries } from '~/db/schema.server'
import { ownerAuditLog } from '~/db/schema-admin.server'
import { outbox } from '~/db/schema-leads.server'
import { buyerKey } from '~/models/checkout/buyer-key.server'
import {
	createCheckout,
	recordSandboxPayment,
	refundCheckout,
} from '~/models/checkout/index.server'
import { loadCourse } from '~/models/course/course.server'
import { createLinkToken, verifyLinkToken } from '~/models/links/signed-token.server'
import {
	checkoutOffer,
	checkoutOfferByLink,
	getOffer,
	getOfferByLink,
} from '~/models/waitlist/claim.server'
import {
	confirmWaitlistEntry,
	getWaitlistState,
	joinWaitlist,
	WAITLIST_ENTRIES_PER_NETWORK,
} from '~/models/waitlist/entries.server'
import {
	expireUnconfirmedEntries,
	offerByHand,
	offerFreedSeats,
} from '~/models/waitlist/offers.server'
import { listWaitlist, removeFromWaitlist } from '~/models/waitlist/owner.server'
import { databaseBackends } from '../support/databases'
import {
	drainJobs,
	jobsDueNow,
	leaveInProcess,
	schedulePeriodicJobs,
	useInProcess,
} from '../support/in-process'
import { joinAndConfirm, latestConfirmToken } from '../support/waitlist'

const SEAT = 'ai-driven-dev-preorder'
/** The smallest course the configuration allows; a paid order of 8 leaves 2 seats to play with. */
const ENV = {
	COURSE_SLOTS: '10',
	// One address buys for many here; the hold policy has its own tests.
	CHECKOUT_HOLD_SHARE_PERCENT: '100',
	WAITLIST_OFFER_HOURS: '2',
	SITE_URL: 'https://site.test',
}

describe.each(databaseBackends)('the waiting list on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	let buyers = 0
	let joiners = 0

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		useInProcess(ENV)
		await prepareDatabase(database)
		await schedulePeriodicJobs(database)
	}, 120_000)
	afterAll(async () => {
		leaveInProcess()
		await cleanup?.()
	})
	beforeEach(async () => {
		useInProcess(ENV)
		invalidateSalesCache()
		await database.db.execute(sql`DELETE FROM waitlist_entries`)
		await database.db.execute(sql`DELETE FROM passes`)
		await database.db.execute(sql`DELETE FROM payment_events`)
		await database.db.execute(sql`DELETE FROM invoices`)
		await database.db.execute(sql`DELETE FROM orders`)
		await database.db.execute(sql`DELETE FROM outbox`)
		await database.db.execute(sql`DELETE FROM owner_audit_log`)
		const filler = await checkout(8)
		await recordSandboxPayment(db(), filler.id, { email: 'early@example.com' })
	})

	const db = () => database.db
	/** A checkout by a buyer of their own (a new client address each time). */
	const checkout = (quantity = 1) =>
		createCheckout(db(), {
			code: SEAT,
			quantity,
			region: 'GLOBAL',
			origin: 'https://site.test',
			clientIp: `198.51.100.${++buyers % 250}`,
		})
	/** Asks to join from a network of its own (or `clientIp`'s); nothing confirmed yet. */
	const ask = (email: string, quantity = 1, clientIp = `203.0.113.${++joiners % 250}`) =>
		joinWaitlist(db(), { code: SEAT, quantity, region: 'GLOBAL', email, clientIp })
	/** Joins and confirms from the e-mail, as a person does: a place in the queue. */
	const join = async (email: string, quantity = 1, clientIp = `203.0.113.${++joiners % 250}`) =>
		expect(
			await joinAndConfirm(db(), { code: SEAT, quantity, region: 'GLOBAL', email, clientIp }),
		).toBe('confirmed')
	const endHold = (id: string) =>
		db()
			.update(orders)
			.set({ expiresAt: sql`now() - interval '1 second'` })
			.where(eq(orders.id, id))
	const offersTo = async (email: string) =>
		db()
			.select()
			.from(outbox)
			.where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'waitlistOffer')))
	const entry = async (email: string) => {
		const [row] = await db()
			.select()
			.from(waitlistEntries)
			.where(
				and(
					eq(waitlistEntries.email, email),
					notInArray(waitlistEntries.status, ['unconfirmed', 'expired']),
				),
			)
		return row!
	}
	/** Sold out, ada waits, a hold ends: the seat is offered to her. Her offer's order id. */
	const offerToAda = async () => {
		const first = await checkout()
		await checkout()
		await join('ada@example.com')
		await endHold(first.id)
		await drainJobs(database)
		return (await entry('ada@example.com')).offerOrderId!
	}
	/** Seats held beyond the 8 paid in beforeEach. */
	const heldSeats = async () => {
		const result = (await db().execute(
			sql`SELECT held FROM seat_counts('ai-driven-dev', NULL, NULL, NULL)`,
		)) as unknown as { rows: { held: number }[] }
		return Number(result.rows[0]!.held) - 8
	}
	/** The owner actions written to the audit log, oldest first. */
	const auditActions = async () =>
		(await db().select().from(ownerAuditLog).orderBy(ownerAuditLog.id)).map((row) => row.action)
	const state = async () => {
		invalidateSalesCache()
		return getWaitlistState(db(), SEAT)
	}

	test('a sold-out product says so, and its count says how many people wait', async () => {
		expect(await state()).toEqual({ soldOut: false, waiting: 0, unit: 'seat' })
		await checkout(2)
		expect(await state()).toEqual({ soldOut: true, waiting: 0, unit: 'seat' })
		await join('ada@example.com', 2)
		await join('bob@example.com')
		// Joining again keeps one place, with the new quantity.
		await join('ADA@example.com', 1)
		expect(await state()).toEqual({ soldOut: true, waiting: 2, unit: 'seat' })
		expect((await entry('ada@example.com')).quantity).toBe(1)
		await drainJobs(database)
		expect(await offersTo('ada@example.com')).toHaveLength(0)
	})

	test('a hold that ends goes to the first person waiting, by e-mail with a signed link', async () => {
		const first = await checkout()
		await checkout()
		await join('ada@example.com')
		await join('bob@example.com')
		await endHold(first.id)
		// Before the offer is made, the seat that came back is not for a stranger.
		await expect(checkout()).rejects.toMatchObject({ status: 409, code: 'sold-out' })
		await drainJobs(database)
		const [mail] = await offersTo('ada@example.com')
		expect(mail?.subject).toBe('Your turn: AI Driven Dev: pre-order seat')
		// Dated as every page and e-mail dates a moment (docs/decisions/158).
		expect(mail?.textBody).toMatch(
			/is held for you until \w+day, \d+ \w+ \d{4}, \d\d:\d\d \(UTC\)\./,
		)
		const link = mail!.textBody.match(/https:\/\/site\.test\/waitlist\/offer\/([\w.%-]+)/)
		expect(link).not.toBeNull()
		const token = decodeURIComponent(link![1]!)
		const orderId = (await entry('ada@example.com')).offerOrderId!
		expect(verifyLinkToken(token, 'waitlist-offer', 'x'.repeat(32))).toEqual({
			ok: true,
			subject: orderId,
		})
		// The link does not outlive the offer: it expires when the hold it offers ends.
		const [offer] = await db().select().from(orders).where(eq(orders.id, orderId))
		const endsAt = Math.floor(offer!.expiresAt.getTime() / 1000) * 1000
		expect(verifyLinkToken(token, 'waitlist-offer', 'x'.repeat(32), endsAt - 1000).ok).toBe(true)
		expect(verifyLinkToken(token, 'waitlist-offer', 'x'.repeat(32), endsAt)).toEqual({
			ok: false,
			reason: 'expired',
			subject: orderId,
		})
		expect(await offersTo('bob@example.com')).toHaveLength(0)
		// The offer holds its seat: a stranger is still refused, the count is exact.
		await expect(checkout()).rejects.toMatchObject({ code: 'sold-out' })
		expect(await heldSeats()).toBe(2)
		expect((await state())?.waiting).toBe(1)
	})

	test('the person offered buys with the offer, through the checkout', async () => {
		const orderId = await offerToAda()
		expect((await getOffer(db(), orderId))?.state).toBe('open')
		const { link } = await checkoutOffer(db(), orderId, 'https://site.test')
		expect(link).toContain(`/checkout/sandbox/${orderId}`)
		// Asking again gives the same page.
		expect((await checkoutOffer(db(), orderId, 'https://site.test')).link).toBe(link)
		await recordSandboxPayment(db(), orderId, { email: 'ada@example.com' })
		expect((await getOffer(db(), orderId))?.state).toBe('bought')
		await expect(checkoutOffer(db(), orderId, 'https://site.test')).rejects.toMatchObject({
			status: 410,
		})
		const [owner] = await listWaitlist(db())
		expect(owner).toMatchObject({ email: 'ada@example.com', status: 'bought', position: null })
	})

	test("an offer's payment page is made within the provider's pace, as a queued checkout's is", async () => {
		useInProcess({ ...ENV, PAYMENT_PROVIDER_RATE_PER_SECOND: '1' })
		const orderId = await offerToAda()
		const pace = () =>
			db().execute(sql`SELECT next_at FROM payment_pace WHERE provider = 'sandbox:send'`)
		expect(rowsOf(await pace())).toEqual([])
		await checkoutOffer(db(), orderId, 'https://site.test')
		// The offer took the next sending slot: a queued buyer's page comes a slot later.
		expect(rowsOf(await pace())).toHaveLength(1)
		await db().execute(sql`DELETE FROM payment_pace`)
	})

	test('two clicks of "Continue to payment" at once open one payment page', async () => {
		const orderId = await offerToAda()
		const clicks = await Promise.allSettled([
			checkoutOffer(db(), orderId, 'https://site.test'),
			checkoutOffer(db(), orderId, 'https://site.test'),
		])
		const links = clicks.flatMap((click) =>
			click.status === 'fulfilled' ? [click.value.link] : [],
		)
		expect(links.length).toBeGreaterThan(0)
		expect(new Set(links).size).toBe(1)
		for (const click of clicks)
			if (click.status === 'rejected') expect(click.reason).toMatchObject({ status: 409 })
		const [order] = await db().select().from(orders).where(eq(orders.id, orderId))
		expect(order?.link).toBe(links[0])
	})

	test('a refund gives its seats to the people waiting', async () => {
		const paid = await checkout(2)
		await recordSandboxPayment(db(), paid.id, { email: 'buyer@example.com' })
		await join('ada@example.com')
		await join('bob@example.com')
		await join('cyd@example.com')
		await refundCheckout(db(), paid.id)
		await drainJobs(database)
		expect(await offersTo('ada@example.com')).toHaveLength(1)
		expect(await offersTo('bob@example.com')).toHaveLength(1)
		expect(await offersTo('cyd@example.com')).toHaveLength(0)
		expect(await heldSeats()).toBe(2)
	})

	test('the owner raising the capacity offers the new seats', async () => {
		await checkout(2)
		await join('ada@example.com')
		await drainJobs(database)
		expect(await offersTo('ada@example.com')).toHaveLength(0)
		useInProcess({ ...ENV, COURSE_SLOTS: '11' })
		await jobsDueNow(database)
		await drainJobs(database)
		expect(await offersTo('ada@example.com')).toHaveLength(1)
		expect(await heldSeats()).toBe(3)
	})

	test('an offer not taken in time passes to the next person', async () => {
		const first = await checkout()
		await checkout()
		await join('ada@example.com')
		await join('bob@example.com')
		await endHold(first.id)
		await drainJobs(database)
		const adaOrder = (await entry('ada@example.com')).offerOrderId!
		expect(await offersTo('bob@example.com')).toHaveLength(0)
		await endHold(adaOrder)
		await jobsDueNow(database)
		await drainJobs(database)
		expect((await getOffer(db(), adaOrder))?.state).toBe('ended')
		await expect(checkoutOffer(db(), adaOrder, 'https://site.test')).rejects.toMatchObject({
			status: 410,
		})
		expect(await offersTo('bob@example.com')).toHaveLength(1)
		expect(await heldSeats()).toBe(2)
		const list = await listWaitlist(db())
		expect(list.map((row) => [row.email, row.status])).toEqual([
			['bob@example.com', 'offer-open'],
			['ada@example.com', 'offer-ended'],
		])
	})

	test('seats the party in front cannot use go to the next person they fit; the party keeps its place', async () => {
		const first = await checkout()
		await checkout()
		await join('party@example.com', 2)
		await join('solo@example.com', 1)
		await endHold(first.id)
		await drainJobs(database)
		// Before decision 130 the party stopped the queue and the seat stayed unused.
		expect(await offersTo('solo@example.com')).toHaveLength(1)
		expect(await offersTo('party@example.com')).toHaveLength(0)
		expect((await listWaitlist(db())).map((row) => [row.email, row.position])).toEqual([
			['party@example.com', 1],
			['solo@example.com', null],
		])
		// The owner cannot offer seats that are not there.
		expect(await offerByHand(db(), (await entry('party@example.com')).id, 'owner')).toBe('no-seats')
		expect(await heldSeats()).toBe(2)
		expect(await auditActions()).toEqual([])
	})

	test('the owner removes someone: an open offer ends and passes on', async () => {
		const first = await checkout()
		await checkout()
		await join('ada@example.com')
		await join('bob@example.com')
		await endHold(first.id)
		await drainJobs(database)
		const removed = await removeFromWaitlist(db(), (await entry('ada@example.com')).id, 'owner')
		expect(removed.removed).toBe(true)
		await drainJobs(database)
		expect(await offersTo('bob@example.com')).toHaveLength(1)
		expect(await heldSeats()).toBe(2)
		expect((await removeFromWaitlist(db(), 999_999, 'owner')).removed).toBe(false)
		expect(await auditActions()).toEqual(['waitlist-remove'])
	})

	test('offers and checkouts at once: no seat offered twice, none both offered and sold', async () => {
		useInProcess({ ...ENV, COURSE_SLOTS: '12' })
		const holds = await Promise.all([checkout(), checkout(), checkout(), checkout()])
		for (const name of ['a', 'b', 'c', 'd', 'e']) await join(`${name}@example.com`)
		await Promise.all(holds.slice(0, 3).map((hold) => endHold(hold.id)))
		const results = await Promise.allSettled([
			offerFreedSeats(db()),
			offerFreedSeats(db()),
			offerFreedSeats(db()),
			checkout(),
			checkout(),
			offerFreedSeats(db()),
		])
		const offers = results
			.slice(0, 3)
			.concat(results.slice(5))
			.reduce((sum, result) => sum + (result.status === 'fulfilled' ? Number(result.value) : 0), 0)
		expect(offers).toBe(3)
		for (const result of results.slice(3, 5))
			expect(result).toMatchObject({ status: 'rejected', reason: { code: 'sold-out' } })
		const offered = await db()
			.select()
			.from(waitlistEntries)
			.where(eq(waitlistEntries.status, 'offered'))
		expect(offered.map((row) => row.email).sort()).toEqual([
			'a@example.com',
			'b@example.com',
			'c@example.com',
		])
		expect(await heldSeats()).toBe(4)
	})

	test("an offer's link is signed: a changed token names no order", () => {
		const secret = 'x'.repeat(32)
		const offerLink = (subject: string) =>
			createLinkToken({ purpose: 'waitlist-offer', subject, expiresAt: 'never' }, secret)
		const token = offerLink('order-1')
		expect(verifyLinkToken(token, 'waitlist-offer', secret)).toEqual({
			ok: true,
			subject: 'order-1',
		})
		const [payload, signature] = token.split('.')
		const forged = Buffer.from(JSON.stringify({ o: 'order-2', p: 'waitlist-offer' })).toString(
			'base64url',
		)
		expect(verifyLinkToken(`${forged}.${signature}`, 'waitlist-offer', secret).ok).toBe(false)
		expect(verifyLinkToken(`${payload}.${signature}x`, 'waitlist-offer', secret).ok).toBe(false)
		expect(verifyLinkToken(token, 'waitlist-offer', 'y'.repeat(32)).ok).toBe(false)
		expect(verifyLinkToken('garbage', 'waitlist-offer', secret).ok).toBe(false)
	})

	test('an offer link past the hold it offered shows the offer ended and pays for nothing', async () => {
		const orderId = await offerToAda()
		const link = (expiresAt: Date) =>
			createLinkToken({ purpose: 'waitlist-offer', subject: orderId, expiresAt }, 'x'.repeat(32))
		const current = link(new Date(Date.now() + 60_000))
		const past = link(new Date(Date.now() - 1_000))
		expect((await getOfferByLink(db(), current))?.state).toBe('open')
		expect((await getOfferByLink(db(), past))?.state).toBe('ended')
		await expect(checkoutOfferByLink(db(), past, 'https://site.test')).rejects.toMatchObject({
			status: 410,
		})
		// The order itself is untouched: the offer is still open to its current link.
		expect((await getOffer(db(), orderId))?.state).toBe('open')
		expect((await checkoutOfferByLink(db(), current, 'https://site.test'))?.link).toContain(
			`/checkout/sandbox/${orderId}`,
		)
		// A link we did not sign opens nothing.
		expect(await getOfferByLink(db(), `${current}x`)).toBeNull()
		expect(await checkoutOfferByLink(db(), `${current}x`, 'https://site.test')).toBeNull()
	})

	describe('guarded places (issue 33, item 1; docs/decisions/130)', () => {
		const waitlistRows = () => db().select().from(waitlistEntries)
		const confirmMails = (email: string) =>
			db()
				.select()
				.from(outbox)
				.where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'waitlistConfirm')))

		test('joining while a checkout of that quantity would get its seats is refused and stores nothing', async () => {
			// 8 of 10 paid: 2 seats are on sale.
			for (const quantity of [1, 2])
				await expect(ask('ada@example.com', quantity)).rejects.toMatchObject({
					status: 409,
					reason: 'on-sale',
					message: 'Seats are on sale: buy them directly',
				})
			expect(await waitlistRows()).toEqual([])
			expect(await confirmMails('ada@example.com')).toEqual([])
			// Three are not: that quantity is sold out, so the list is open for it.
			await ask('ada@example.com', 3)
			expect(await waitlistRows()).toHaveLength(1)
		})

		test('an entry not confirmed has no place, holds no seat, gets no offer, and its link ends', async () => {
			const first = await checkout()
			await checkout()
			await ask('ada@example.com')
			const [mail] = await confirmMails('ada@example.com')
			expect(mail?.subject).toBe(
				'Confirm your place on the waiting list: AI Driven Dev: pre-order seat',
			)
			expect((await state())?.waiting).toBe(0)
			await endHold(first.id)
			await drainJobs(database)
			expect(await offersTo('ada@example.com')).toHaveLength(0)
			// The seat that came back is anyone's: nobody proved they wait for it.
			const stranger = await checkout()
			expect(stranger.id).toBeTruthy()
			// A day later the link confirms nothing, and the entry never gets an offer.
			await db()
				.update(waitlistEntries)
				.set({ createdAt: sql`now() - interval '25 hours'` })
				.where(eq(waitlistEntries.email, 'ada@example.com'))
			expect(
				await confirmWaitlistEntry(db(), await latestConfirmToken(db(), 'ada@example.com')),
			).toBe('expired')
			expect((await entry('ada@example.com')) ?? null).toBeNull()
			await endHold(stranger.id)
			await drainJobs(database)
			expect(await offersTo('ada@example.com')).toHaveLength(0)
			// A link we did not sign, or for another purpose, confirms nothing.
			const forged = createLinkToken(
				{ purpose: 'waitlist-offer', subject: '1', expiresAt: 'never' },
				'x'.repeat(32),
			)
			expect(await confirmWaitlistEntry(db(), forged)).toBe('invalid')
			expect(await confirmWaitlistEntry(db(), 'garbage')).toBe('invalid')
		})

		test('unconfirmed entries past their day are expired by the periodic run, and left out of the list', async () => {
			await checkout(2)
			await ask('ada@example.com')
			await ask('bob@example.com')
			await db()
				.update(waitlistEntries)
				.set({ createdAt: sql`now() - interval '25 hours'` })
				.where(eq(waitlistEntries.email, 'ada@example.com'))
			expect(await expireUnconfirmedEntries(db())).toBe(1)
			expect((await listWaitlist(db())).map((row) => [row.email, row.status])).toEqual([
				['bob@example.com', 'unconfirmed'],
			])
		})

		test('the place counts from the confirmation, and a second join for a waiting address changes nothing until its link is followed', async () => {
			const first = await checkout()
			await checkout()
			await ask('early@example.org')
			await join('bob@example.com')
			// Confirmed after bob: behind him.
			expect(
				await confirmWaitlistEntry(db(), await latestConfirmToken(db(), 'early@example.org')),
			).toBe('confirmed')
			// Following it again changes nothing.
			expect(
				await confirmWaitlistEntry(db(), await latestConfirmToken(db(), 'early@example.org')),
			).toBe('already')
			// Someone asks again for bob, for more seats: the same answer, a new e-mail to bob, and
			// his place unchanged until he follows it.
			await expect(ask('bob@example.com', 2)).resolves.toBeUndefined()
			expect(await confirmMails('bob@example.com')).toHaveLength(2)
			expect((await entry('bob@example.com')).quantity).toBe(1)
			await endHold(first.id)
			await drainJobs(database)
			expect(await offersTo('bob@example.com')).toHaveLength(1)
			expect(await offersTo('early@example.org')).toHaveLength(0)
		})

		test("an offer keeps to the joining network's allowance of unpaid seats, as a checkout does", async () => {
			// 8 of 10 paid: a network may hold 10% of the 2 unpaid seats, at least 1 (decision 033).
			useInProcess({ ...ENV, CHECKOUT_HOLD_SHARE_PERCENT: '10' })
			const first = await checkout()
			const second = await checkout()
			await join('party@example.com', 2, '192.0.2.10')
			await join('solo@example.com', 1, '192.0.2.20')
			await endHold(first.id)
			await endHold(second.id)
			await drainJobs(database)
			// Before decision 130 the party's offer held both seats, outside any allowance.
			expect(await offersTo('party@example.com')).toHaveLength(0)
			expect(await offersTo('solo@example.com')).toHaveLength(1)
			const [offer] = await db()
				.select()
				.from(orders)
				.where(eq(orders.id, (await entry('solo@example.com')).offerOrderId!))
			expect(offer?.holdKey).toBe(buyerKey('192.0.2.20', 'x'.repeat(32)))
		})

		test('a network that holds its allowance already gets no offer until it is free; the next person does', async () => {
			// The network holds two seats by checkout; it waits for one more.
			useInProcess({ ...ENV, MAX_QUANTITY: '2', CHECKOUT_HOLD_SEATS_PER_BUYER: '2' })
			const own = await createCheckout(db(), {
				code: SEAT,
				quantity: 2,
				region: 'GLOBAL',
				origin: 'https://site.test',
				clientIp: '192.0.2.30',
			})
			await join('same@example.com', 1, '192.0.2.30')
			await join('other@example.com', 1, '198.18.0.1')
			const [filler] = await db().select().from(orders).where(eq(orders.status, 'paid'))
			await refundCheckout(db(), filler!.id)
			await drainJobs(database)
			expect(await offersTo('same@example.com')).toHaveLength(0)
			expect(await offersTo('other@example.com')).toHaveLength(1)
			// Its checkout ends: now it fits.
			await endHold(own.id)
			await jobsDueNow(database)
			await drainJobs(database)
			expect(await offersTo('same@example.com')).toHaveLength(1)
		})

		test(`one network asks for at most ${WAITLIST_ENTRIES_PER_NETWORK} places and as many seats as it may hold`, async () => {
			await checkout(2)
			// Addresses of one IPv6 /64 are one network.
			const from = (n: number) => `2001:db8:1:2::${n.toString(16)}`
			for (let n = 1; n <= WAITLIST_ENTRIES_PER_NETWORK; n++)
				await ask(`person-${n}@example.com`, 1, from(n))
			await expect(ask('one-more@example.com', 1, from(99))).rejects.toMatchObject({
				status: 429,
				reason: 'network-entries',
			})
			expect(await confirmMails('one-more@example.com')).toEqual([])
			// Seats: CHECKOUT_HOLD_SEATS_PER_BUYER (20) per network, waiting and asked for.
			await join('big@example.com', 15, '198.51.100.200')
			await expect(ask('bigger@example.com', 6, '198.51.100.200')).rejects.toMatchObject({
				status: 429,
				reason: 'network-seats',
			})
			await ask('fits@example.com', 5, '198.51.100.200')
			// A link left unconfirmed past its day frees its network's share.
			await db()
				.update(waitlistEntries)
				.set({ createdAt: sql`now() - interval '25 hours'` })
				.where(eq(waitlistEntries.email, 'person-1@example.com'))
			await ask('one-more@example.com', 1, from(99))
			expect(await confirmMails('one-more@example.com')).toHaveLength(1)
		})

		test("/api/course's available figure is what a checkout finds: seats waited for are not available", async () => {
			useInProcess({ ...ENV, COURSE_SLOTS: '12' })
			const holds = await Promise.all([checkout(), checkout(), checkout(), checkout()])
			await join('party@example.com', 2)
			await endHold(holds[0]!.id)
			await drainJobs(database)
			// One seat came back; the party of two cannot use it, and it is theirs to wait for.
			const course = () => loadCourse(db(), { slug: 'ai-driven-dev', capacity: 12 })
			expect(await course()).toMatchObject({ actualSold: 8, held: 3, waiting: 2, available: 0 })
			await expect(checkout()).rejects.toMatchObject({ code: 'sold-out' })
			// Two more come back: the party gets two, one is for sale, and the figure says so.
			await endHold(holds[1]!.id)
			await endHold(holds[2]!.id)
			await jobsDueNow(database)
			await drainJobs(database)
			expect(await offersTo('party@example.com')).toHaveLength(1)
			expect(await course()).toMatchObject({ held: 3, waiting: 0, available: 1 })
			await checkout()
			expect(await course()).toMatchObject({ available: 0 })
			await expect(checkout()).rejects.toMatchObject({ code: 'sold-out' })
		})
	})
})
