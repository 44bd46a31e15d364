/**
 * Upgrade credit (issue 37 item 4, docs/decisions/165), through the models on a database of the
 * test's own and a real SMTP peer: a day pass's holder asks for the credit, gets a link at their
 * mailbox, and the link takes what the pass cost off one course seat — on the payment page, the
 * receipt and the invoice, which add up. The credit is spent once, even by checkouts at the same
 * moment; only the mailbox holding the pass gets a link; a refund gives the credit back. On
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { ActionFunctionArgs } from '@remix-run/node'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { getConfig } from '~/config.server'
import { eventsOf } from '~/content/site-content.server'
import { coupons, orders, passes } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import {
	checkoutInTurn,
	claimPass,
	createCheckout,
	getSandboxCheckout,
	previewUpgrade,
	recordSandboxPayment,
	sendUpgradeCreditLinks,
} from '~/models/checkout/index.server'
import { refundOrder } from '~/models/checkout/order-actions.server'
import { createLinkToken } from '~/models/links/signed-token.server'
import { action as upgradeAction } from '~/routes/checkout/upgrade.$key'
import { decodedMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, smtpInProcessSuite, useInProcess } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'
const SEAT = 'ai-driven-dev-preorder'
const COURSE_NAME = 'AI Driven Dev: pre-order seat'
const CREDIT_LINE = 'Upgrade credit: your AI Driven Development Day pass'
const LISTEN_PORT = 43_265
const ORIGIN = `http://localhost:${LISTEN_PORT}`
const owner = { name: 'mona (GitHub #1001)' }

describe.each(databaseBackends)('upgrade credit on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { listenPort: LISTEN_PORT })
	const db = () => suite.database.db
	let n = 0
	const address = (who: string) => `${who}-${++n}@example.com`
	const mailTo = (email: string) => suite.smtp.mailTo(email).map((mail) => decodedMail(mail.raw))

	afterEach(() => {
		vi.useRealTimers()
	})

	/** A paid order of `quantity` passes bought by `buyer`; the first claimed by `holder`, if any. */
	async function passOrder(quantity: number, buyer: string, holder?: string) {
		const { id } = await createCheckout(db(), {
			code: PASS,
			quantity,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		await recordSandboxPayment(db(), id, { email: buyer })
		const rows = await db()
			.select({ id: passes.id })
			.from(passes)
			.where(eq(passes.orderId, id))
			.orderBy(passes.createdAt, passes.id)
		if (holder)
			expect(
				await claimPass(db(), rows[0]!.id, { name: 'Grace Hopper', email: holder }, ORIGIN),
			).toBe('claimed')
		await drainJobs(suite.database)
		suite.smtp.received.length = 0
		return { orderId: id, passIds: rows.map((row) => row.id) }
	}

	/** Asks for `email`'s links as /upgrade does, and reads the keys the mailbox received. */
	async function askForLinks(email: string, to = email): Promise<string[]> {
		await sendUpgradeCreditLinks(db(), { email, origin: ORIGIN, courseName: COURSE_NAME })
		await drainJobs(suite.database)
		return mailTo(to).flatMap((raw) =>
			[...raw.matchAll(/\/upgrade\/([A-Za-z0-9_.%-]+)/g)].map((match) =>
				decodeURIComponent(match[1]!),
			),
		)
	}

	const upgrade = (upgradeKey: string, extra: { coupon?: string; region?: string } = {}) =>
		createCheckout(db(), {
			code: SEAT,
			quantity: 1,
			region: extra.region ?? 'GLOBAL',
			coupon: extra.coupon,
			upgradeKey,
			origin: ORIGIN,
		})
	const order = async (id: string) =>
		(await db().select().from(orders).where(eq(orders.id, id)))[0]!

	test('a holder asks for the credit and gets a link at their mailbox; the link takes the pass’s price off one seat on the payment page, the receipt and the invoice, which add up', async () => {
		const holder = address('holder')
		await passOrder(2, address('buyer'), holder)
		const [key, ...more] = [...new Set(await askForLinks(holder))]
		expect(more).toEqual([])
		const [mail] = mailTo(holder)
		expect(mail).toContain(`Subject: Your upgrade credit for ${COURSE_NAME}`)
		expect(mail).toContain('$99 off')

		expect(await previewUpgrade(db(), key!, { code: SEAT, region: 'GLOBAL' })).toMatchObject({
			priceMinor: 24_900,
			creditMinor: 9_900,
		})
		const { id } = await upgrade(key!)
		// $249 − $99: the order is paid under the address the link was mailed to.
		expect(await order(id)).toMatchObject({
			amountMinor: 15_000,
			unitAmountMinor: 24_900,
			creditMinor: 9_900,
			email: holder,
		})
		const page = await getSandboxCheckout(db(), id)
		expect(page?.credit).toEqual({ label: CREDIT_LINE, amountMinor: 9_900 })
		expect(page?.data.amountMinor).toBe(15_000)

		await recordSandboxPayment(db(), id, { email: holder })
		await drainJobs(suite.database)
		const [invoice] = await db()
			.select()
			.from(invoices)
			.where(and(eq(invoices.orderId, id), eq(invoices.kind, 'invoice')))
		const lines = invoice!.data.lines
		expect(lines).toEqual([
			{ description: COURSE_NAME, quantity: 1, unitMinor: 24_900, amountMinor: 24_900 },
			{ description: CREDIT_LINE, quantity: 1, unitMinor: -9_900, amountMinor: -9_900 },
		])
		const sum = lines.reduce((total, line) => total + line.amountMinor, 0)
		expect(sum - invoice!.data.discountMinor).toBe(invoice!.data.totalMinor)
		expect(invoice!.data.totalMinor).toBe(15_000)
		const receipt = mailTo(holder).find((raw) => raw.includes(`Your receipt for order ${id}`))
		expect(receipt).toContain(CREDIT_LINE)
		// The minus sign is UTF-8 that decodedMail reads byte by byte: the amounts are what count.
		expect(receipt).toMatch(new RegExp(`${CREDIT_LINE}\\s+\\S*\\$99\\r?\\n`))
		expect(receipt).toMatch(/Total paid\s+\$150\r?\n/)
	})

	test('“Continue to payment” takes its turn of the provider’s pace: with the slot taken, the buyer gets the waiting page, never a page of its own outside the pace', async () => {
		const holder = address('holder')
		await passOrder(1, address('buyer'), holder)
		const [key] = await askForLinks(holder)
		const DATABASE_KEY = Symbol.for('ai-driven-dev.database')
		const process = globalThis as typeof globalThis & { [DATABASE_KEY]?: Promise<unknown> }
		process[DATABASE_KEY] = Promise.resolve(suite.database)
		useInProcess({
			SMTP_URL: suite.smtp.url,
			HOST: '0.0.0.0',
			PAYMENT_PROVIDER_RATE_PER_SECOND: '1',
		})
		try {
			// Another buyer's checkout takes this second's slot.
			const first = await checkoutInTurn(db(), {
				code: SEAT,
				quantity: 1,
				region: 'GLOBAL',
				origin: ORIGIN,
			})
			expect(first.link).not.toBeNull()
			const post = (accept: string) =>
				upgradeAction({
					request: new Request(`${ORIGIN}/upgrade/${encodeURIComponent(key!)}`, {
						method: 'POST',
						headers: { accept },
					}),
					params: { key: key! },
					context: { origin: ORIGIN, clientIp: '198.51.100.77' },
				} as unknown as ActionFunctionArgs) as Promise<Response>
			const answer = await post('text/html')
			expect(answer.status).toBe(303)
			// The queue page, with the key that makes the order this browser's (decision 182).
			expect(answer.headers.get('location')).toMatch(
				/^\/checkout\/[A-Za-z0-9_-]{22}\/queue\?key=[\w.%-]+$/,
			)
			const id = answer.headers.get('location')!.split('/')[2]!
			expect(await order(id)).toMatchObject({ status: 'pending', creditMinor: 9_900, link: null })
		} finally {
			delete process[DATABASE_KEY]
			useInProcess({ SMTP_URL: suite.smtp.url, HOST: '0.0.0.0' })
			await db().execute(sql`DELETE FROM payment_pace`)
		}
	})

	test('the credit is spent once: a second checkout with the same link is refused, and asking again sends no link for it', async () => {
		const holder = address('holder')
		await passOrder(1, address('buyer'), holder)
		const [key] = await askForLinks(holder)
		await upgrade(key!)
		await expect(upgrade(key!)).rejects.toMatchObject({ status: 409, code: 'upgrade-credit' })
		suite.smtp.received.length = 0
		expect(await askForLinks(holder)).toEqual([])
	})

	test('two checkouts spending one credit at the same moment: one gets it, the others are refused', async () => {
		const holder = address('holder')
		const { passIds } = await passOrder(1, address('buyer'), holder)
		const [key] = await askForLinks(holder)
		const results = await Promise.allSettled([1, 2, 3, 4].map(() => upgrade(key!)))
		expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
		for (const result of results.filter((each) => each.status === 'rejected'))
			expect((result as PromiseRejectedResult).reason).toMatchObject({ code: 'upgrade-credit' })
		const credited = await db()
			.select({ id: orders.id })
			.from(orders)
			.where(eq(orders.creditPassId, passIds[0]!))
		expect(credited).toHaveLength(1)
	})

	test('a stranger cannot spend someone else’s credit: typing the holder’s address mails the holder, not them; a made-up, altered or other link is refused and credits nothing', async () => {
		const holder = address('holder')
		const stranger = address('stranger')
		const { orderId, passIds } = await passOrder(1, address('buyer'), holder)
		// The stranger types the holder's address: the link goes to the holder's mailbox only.
		await askForLinks(holder, stranger)
		expect(mailTo(stranger)).toEqual([])
		expect(mailTo(holder)).toHaveLength(1)
		// Their own address holds no pass: nothing is sent, and the form answers alike (the route).
		suite.smtp.received.length = 0
		expect(await askForLinks(stranger)).toEqual([])
		expect(suite.smtp.received).toEqual([])

		const secret = getConfig().SESSION_SECRET
		const [key] = await askForLinks(holder)
		const guesses = [
			passIds[0]!,
			`${key!.slice(0, -2)}xx`,
			// The pass order's own page link: signed by us, for another purpose.
			createLinkToken({ purpose: 'order', subject: orderId, expiresAt: 'never' }, secret),
			// Signed for the pass, but naming another mailbox than the one holding it.
			createLinkToken(
				{
					purpose: 'upgrade-credit',
					subject: `${passIds[0]}_0123456789abcdef`,
					expiresAt: 'never',
				},
				secret,
			),
		]
		for (const guess of guesses)
			await expect(upgrade(guess), guess).rejects.toMatchObject({ code: 'upgrade-credit' })
		const credited = await db().select().from(orders).where(isNotNull(orders.creditPassId))
		expect(credited.filter((row) => row.creditPassId === passIds[0])).toEqual([])
	})

	test('the buyer holds the credit of a pass nobody claimed (decision 155); once someone claims it, the buyer’s link stops and the holder’s works', async () => {
		const buyer = address('buyer')
		const { passIds } = await passOrder(1, buyer)
		const [buyersKey] = await askForLinks(buyer)
		expect(buyersKey).toBeDefined()
		const holder = address('holder')
		expect(await claimPass(db(), passIds[0]!, { name: 'Ada', email: holder }, ORIGIN)).toBe(
			'claimed',
		)
		await drainJobs(suite.database)
		await expect(upgrade(buyersKey!)).rejects.toMatchObject({ code: 'upgrade-credit' })
		suite.smtp.received.length = 0
		expect(await askForLinks(buyer)).toEqual([])
		const [holdersKey] = await askForLinks(holder)
		const { id } = await upgrade(holdersKey!)
		expect((await order(id)).creditMinor).toBe(9_900)
	})

	test('a refunded upgrade gives its credit back; a refunded pass has none', async () => {
		const holder = address('holder')
		const { orderId: passOrderId } = await passOrder(1, address('buyer'), holder)
		const [key] = await askForLinks(holder)
		const { id } = await upgrade(key!)
		await recordSandboxPayment(db(), id, { email: holder })
		expect(await previewUpgrade(db(), key!, { code: SEAT, region: 'GLOBAL' })).toBeNull()
		expect((await refundOrder(db(), owner, id)).ok).toBe(true)
		expect(await previewUpgrade(db(), key!, { code: SEAT, region: 'GLOBAL' })).not.toBeNull()

		expect((await refundOrder(db(), owner, passOrderId)).ok).toBe(true)
		await expect(upgrade(key!)).rejects.toMatchObject({ code: 'upgrade-credit' })
	})

	test('the credit comes off after a coupon and off a regional price, never more than the seat costs', async () => {
		await db().insert(coupons).values({ code: 'HALF37F', kind: 'percent', amount: 50 })
		const keyOf = async () => {
			const holder = address('holder')
			await passOrder(1, address('buyer'), holder)
			return (await askForLinks(holder))[0]!
		}
		// $249 half off is $124.50; less the pass's $99: $25.50.
		const withCoupon = await upgrade(await keyOf(), { coupon: 'half37f' })
		expect(await order(withCoupon.id)).toMatchObject({ amountMinor: 2_550, creditMinor: 9_900 })
		// TIER4's seat is $100 (60 % off $249, rounded): the $99 credit leaves $1.
		const regional = await upgrade(await keyOf(), { region: 'TIER4' })
		expect(await order(regional.id)).toMatchObject({ amountMinor: 100, creditMinor: 9_900 })
		// TIER4 and half off: $50, less than the pass; the credit is the seat's price at most.
		const capped = await upgrade(await keyOf(), { region: 'TIER4', coupon: 'half37f' })
		expect(await order(capped.id)).toMatchObject({ amountMinor: 0, creditMinor: 5_000 })
	})

	test('the credit ends UPGRADE_CREDIT_DAYS after the day: its link then sends nothing and spends nothing', async () => {
		const holder = address('holder')
		await passOrder(1, address('buyer'), holder)
		const [key] = await askForLinks(holder)
		const ends = Date.parse(eventsOf('day')[0]!.end) + 14 * 86_400_000
		vi.useFakeTimers({ toFake: ['Date'] })
		vi.setSystemTime(ends - 60_000)
		expect(await previewUpgrade(db(), key!, { code: SEAT, region: 'GLOBAL' })).not.toBeNull()
		vi.setSystemTime(ends + 60_000)
		expect(await previewUpgrade(db(), key!, { code: SEAT, region: 'GLOBAL' })).toBeNull()
		suite.smtp.received.length = 0
		await sendUpgradeCreditLinks(db(), { email: holder, origin: ORIGIN, courseName: COURSE_NAME })
		vi.useRealTimers()
		await drainJobs(suite.database)
		expect(mailTo(holder)).toEqual([])
	})
})
