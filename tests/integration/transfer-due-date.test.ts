/**
 * A transfer's due date is no later than the day before what it buys starts (docs/decisions/170):
 * the day event for a pass, the course's release for a seat while the course is not open. The
 * seats are held until then and the invoice names that day. The site's dates are mocked here to
 * a dated (not provisional) day event and release; the rest is the real model on a database.
 */
import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { courses, orders } from '~/db/schema.server'
import { bankTransfers } from '~/db/schema-transfers.server'
import { createCheckout } from '~/models/checkout/index.server'
import { payByTransfer } from '~/models/transfers/index.server'
import { databaseBackends } from '../support/databases'
import { smtpInProcessSuite, useInProcess } from '../support/in-process'

const DAY = 86_400_000
const starts = vi.hoisted(() => ({ day: 0, release: 0 }))

vi.mock('~/content/site-content.server', async (original) => {
	const real = await original<typeof import('~/content/site-content.server')>()
	const dated = (id: string, kind: 'day' | 'course', at: number) => {
		const event = real.getSiteContent().events.find((each) => each.kind === kind)!
		const start = new Date(at).toISOString()
		return {
			...event,
			id,
			placeholder: false,
			start,
			end: new Date(at + 8 * 3_600_000).toISOString(),
		}
	}
	return {
		...real,
		eventsOf: (kind: string, options?: { after?: Date }) =>
			kind === 'day'
				? [dated('the-day', 'day', starts.day)]
				: real.eventsOf(kind as never, options),
		findEvent: (id: string) =>
			id === 'course-release' ? dated(id, 'course', starts.release) : real.findEvent(id),
	}
})

const ORIGIN = 'https://site.test'
const ENV = {
	COURSE_SLOTS: '20',
	CHECKOUT_HOLD_SHARE_PERCENT: '100',
	SITE_URL: ORIGIN,
	BANK_TRANSFER_DAYS: '30',
}

describe.each(databaseBackends)('a transfer due before what it buys starts on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { env: ENV })
	const db = () => suite.database.db
	let buyers = 0

	beforeEach(async () => {
		useInProcess({ ...ENV, SMTP_URL: suite.smtp.url })
		invalidateSalesCache()
		for (const table of ['bank_transfers', 'passes', 'payment_events', 'invoices', 'orders'])
			await db().execute(sql.raw(`DELETE FROM ${table}`))
		await db().update(courses).set({ status: 'pre_order' })
		starts.day = Date.now() + 10 * DAY
		starts.release = Date.now() + 5 * DAY
	})

	const dueOf = async (code: string) => {
		const { id } = await createCheckout(db(), {
			code,
			quantity: 1,
			region: 'GLOBAL',
			origin: ORIGIN,
			clientIp: `198.51.100.${++buyers}`,
		})
		const billing = { company: 'Acme GmbH', address: 'Berlin', country: 'DE', vatNumber: null }
		const buyer = { email: `due${buyers}@acme.example`, name: 'Grace', billing }
		expect(await payByTransfer(db(), id, buyer, ORIGIN)).toEqual({ ok: true })
		const [row] = await db().select().from(bankTransfers).where(eq(bankTransfers.orderId, id))
		const [order] = await db().select().from(orders).where(eq(orders.id, id))
		expect(order!.expiresAt.getTime()).toBe(row!.dueAt.getTime())
		return row!.dueAt.getTime()
	}

	test('a pass is due by the end of the day before the day event, not 30 days on', async () => {
		const due = await dueOf('ai-driven-development-day-pass')
		expect(due).toBeLessThanOrEqual(starts.day)
		expect(starts.day - due).toBeLessThan(2 * DAY)
	})

	test('a seat is due before the course’s release while the course is not open; once open, 30 days on', async () => {
		const due = await dueOf('ai-driven-dev-preorder')
		expect(due).toBeLessThanOrEqual(starts.release)
		expect(starts.release - due).toBeLessThan(2 * DAY)
		await db().update(courses).set({ status: 'open' })
		expect(await dueOf('ai-driven-dev-preorder')).toBeGreaterThan(Date.now() + 29 * DAY)
	})
})
