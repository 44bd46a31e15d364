/**
 * A card provider's cancel link (`/checkout/processing?id=…&cancelled=1`) cancels a checkout
 * from the browser that started it (decision 068). An order the buyer then chose to pay by bank
 * transfer (decision 163) is no longer that checkout: its seats wait for the money until the due
 * date, and a cancel link followed later (the provider's tab still open, a bookmark) must not
 * end it, release its seats or cancel its invoice. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { orders } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import {
	cancelCheckout,
	cancelSandboxCheckout,
	createCheckout,
} from '~/models/checkout/index.server'
import { getCourse } from '~/models/course/course.server'
import { payByTransfer } from '~/models/transfers/index.server'
import { databaseBackends } from '../support/databases'
import { drainJobs, smtpInProcessSuite, useInProcess } from '../support/in-process'

const ORIGIN = 'https://site.test'
const ENV = {
	COURSE_SLOTS: '20',
	CHECKOUT_HOLD_SHARE_PERCENT: '100',
	SITE_URL: ORIGIN,
	BANK_TRANSFER_DAYS: '14',
}

describe.each(databaseBackends)(
	"a transfer order and the card's cancel link on $name",
	(backend) => {
		const suite = smtpInProcessSuite(backend, { env: ENV })
		const db = () => suite.database.db

		beforeEach(async () => {
			useInProcess({ ...ENV, SMTP_URL: suite.smtp.url })
			invalidateSalesCache()
			for (const table of ['bank_transfers', 'passes', 'payment_events', 'invoices', 'orders'])
				await db().execute(sql.raw(`DELETE FROM ${table}`))
		})

		test('the cancel link and the sandbox page’s Cancel leave a transfer order waiting, its seats held and its invoice due', async () => {
			const { id } = await createCheckout(db(), {
				code: 'ai-driven-dev-preorder',
				quantity: 3,
				region: 'GLOBAL',
				origin: ORIGIN,
				clientIp: '198.51.100.77',
			})
			const billing = { company: 'Acme GmbH', address: 'Berlin', country: 'DE', vatNumber: null }
			const buyer = { email: 'keeps@acme.example', name: 'Grace', billing }
			expect(await payByTransfer(db(), id, buyer, ORIGIN)).toEqual({ ok: true })
			await drainJobs(suite.database)
			invalidateSalesCache()
			const available = (await getCourse(db())).available

			await cancelCheckout(db(), id)
			await cancelSandboxCheckout(db(), id)
			await drainJobs(suite.database)

			const [order] = await db().select().from(orders).where(eq(orders.id, id))
			expect(order).toMatchObject({ status: 'pending', provider: 'transfer' })
			invalidateSalesCache()
			expect((await getCourse(db())).available).toBe(available)
			const documents = await db().select().from(invoices).where(eq(invoices.orderId, id))
			expect(documents.map((document) => document.kind)).toEqual(['invoice'])
		})
	},
)
