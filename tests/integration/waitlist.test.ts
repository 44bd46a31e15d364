/**
 * The waiting list (issue 26, item 1; docs/decisions/120) on the real database: joining and the
 * count a page shows, offers when seats come back (a hold's end, a refund, a raised capacity),
 * an offer not taken passing to the next person, first come first served, the seat accounting
 * shared with checkouts (an offered seat is never sold to someone else, never offered twice),
 * and the offer's signed link. On PGlite, and on PostgreSQL too under scripts/with-postgres.sh.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { orders, waitlistEntries } from '~/db/schema.server'
import { ownerAuditLog } from '~/db/schema-admin.server'
import { outbox } from '~/db/schema-leads.server'
import {
	createCheckout,
	recordSandboxPayment,
	refundCheckout,
} from '~/models/checkout/index.server'
import { prepareDatabase } from '~/models/prepare-database.server'
import { invalidateSalesCache } from '~/models/read-cache.server'
import { createLinkToken, verifyLinkToken } from '~/models/signed-token.server'
import {
	checkoutOffer,
	checkoutOfferByLink,
	getOffer,
	getOfferByLink,
} from '~/models/waitlist/claim.server'
import {
	getWaitlistState,
	joinWaitlist,
	listWaitlist,
	removeFromWaitlist,
} from '~/models/waitlist/entries.server'
import { offerByHand, offerFreedSeats } from '~/models/waitlist/offers.server'
import { databaseBackends } from '../support/databases'
import {
	drainJobs,
	jobsDueNow,
	leaveInProcess,
	schedulePeriodicJobs,
	useInProcess,
} from '../support/in-process'

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
	const join = (email: string, quantity = 1) =>
		joinWaitlist(db(), { code: SEAT, quantity, region: 'GLOBAL', email })
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
		const [row] = await db().select().from(waitlistEntries).where(eq(waitlistEntries.email, email))
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
		expect(mail?.textBody).toMatch(/held for you until \d+ \w+ \d{4}, \d\d:\d\d UTC/)
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

	test('first come, first served: nobody behind a party that does not fit yet goes first', async () => {
		const first = await checkout()
		await checkout()
		await join('party@example.com', 2)
		await join('solo@example.com', 1)
		await endHold(first.id)
		await drainJobs(database)
		expect(await offersTo('solo@example.com')).toHaveLength(0)
		expect((await listWaitlist(db())).map((row) => row.position)).toEqual([1, 2])
		// The owner may serve the one who fits by hand; never beyond the seats there are.
		expect(await offerByHand(db(), (await entry('party@example.com')).id, 'owner')).toBe('no-seats')
		expect(await offerByHand(db(), (await entry('solo@example.com')).id, 'owner')).toBe('offered')
		expect(await offersTo('solo@example.com')).toHaveLength(1)
		expect(await heldSeats()).toBe(2)
		expect(await auditActions()).toEqual(['waitlist-offer'])
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
})
