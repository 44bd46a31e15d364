/**
 * A pass holder's language (issue 38 item 2, docs/decisions/177): a claim stores the language of
 * the page it was made on, and the holder's later e-mails are written in it (the refunded pass's
 * notice, the notice to an old address); a pass the owner sends to someone new goes in the
 * order's language, its link under /de. English holders' stay as they were. The sandbox
 * provider, in this process, at the SMTP peer; on PGlite and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { passes } from '~/db/schema.server'
import type { Locale } from '~/domain/locale'
import { changeHolderAddress } from '~/models/checkout/holder-address.server'
import {
	claimPass,
	createCheckout,
	recordSandboxPayment,
	refundCheckout,
	sendUpgradeCreditLinks,
} from '~/models/checkout/index.server'
import { reassignPass, refundOrderPart } from '~/models/checkout/order-actions.server'
import { readableMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, smtpInProcessSuite, useInProcess } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'
const ORIGIN = 'https://site.test'
const ENV = { SITE_URL: ORIGIN, CHECKOUT_HOLD_SHARE_PERCENT: '100' }
const owner = { name: 'owner' }

describe.each(databaseBackends)('a pass holder’s language on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { env: ENV })
	const db = () => suite.database.db
	let buyers = 0

	beforeEach(async () => {
		useInProcess({ ...ENV, SMTP_URL: suite.smtp.url })
		invalidateSalesCache()
	})

	/** `quantity` day passes bought and paid by `email` on a page in `locale`; their ids. */
	async function buyPasses(email: string, quantity: number, locale?: Locale) {
		const { id } = await createCheckout(db(), {
			code: PASS,
			quantity,
			region: 'GLOBAL',
			origin: ORIGIN,
			clientIp: `198.51.100.${++buyers}`,
			...(locale ? { locale } : {}),
		})
		await recordSandboxPayment(db(), id, { email })
		await drainJobs(suite.database)
		const rows = await db().select({ id: passes.id }).from(passes).where(eq(passes.orderId, id))
		return { id, passes: rows.map((row) => row.id) }
	}
	const claim = (pass: string, name: string, email: string, locale?: Locale) =>
		claimPass(db(), pass, { name, email }, ORIGIN, locale)
	const localeOf = async (pass: string) =>
		(await db().select({ locale: passes.locale }).from(passes).where(eq(passes.id, pass)))[0]
			?.locale
	/** The one message to `email` whose text contains `marker`. */
	const messageTo = async (email: string, count: number, marker: string) =>
		(await suite.smtp.waitFor(email, count))
			.map((mail) => readableMail(mail.raw))
			.find((text) => text.includes(marker))

	test('a pass claimed on its German page stores de-DE; one claimed on the English page en-US', async () => {
		const order = await buyPasses('sprachen@example.com', 2)
		expect(await claim(order.passes[0]!, 'Grete', 'grete-sprache@example.com', 'de-DE')).toBe(
			'claimed',
		)
		expect(await claim(order.passes[1]!, 'Ada', 'ada-language@example.com')).toBe('claimed')
		expect(await localeOf(order.passes[0]!)).toBe('de-DE')
		expect(await localeOf(order.passes[1]!)).toBe('en-US')
	})

	test('a refunded order tells its German holder in German and its English holder in English', async () => {
		const order = await buyPasses('erstattet@example.com', 2)
		await claim(order.passes[0]!, 'Grete', 'grete-refund@example.com', 'de-DE')
		await claim(order.passes[1]!, 'Ada', 'ada-refund@example.com')
		await drainJobs(suite.database)
		expect((await refundCheckout(db(), order.id)).changed).toBe(true)
		await drainJobs(suite.database)
		const german = await messageTo('grete-refund@example.com', 2, 'storniert')
		expect(german).toContain('Hallo Grete,')
		expect(german).toContain('wurde erstattet, daher gilt der Pass nicht mehr.')
		expect(german).not.toContain('no longer works')
		const english = await messageTo('ada-refund@example.com', 2, 'is cancelled')
		expect(english).toContain('was refunded, so the pass no longer works.')
	})

	test('one pass refunded alone tells its German holder in German', async () => {
		const order = await buyPasses('teil@example.com', 2)
		await claim(order.passes[0]!, 'Grete', 'grete-alone@example.com', 'de-DE')
		await drainJobs(suite.database)
		expect(
			await refundOrderPart(db(), owner, { orderId: order.id, passId: order.passes[0]! }),
		).toMatchObject({ ok: true })
		await drainJobs(suite.database)
		const notice = await messageTo('grete-alone@example.com', 2, 'storniert')
		expect(notice).toContain('wurde der Person erstattet, die ihn gekauft hat')
	})

	test('a pass of a German order sent to someone new goes in German with its link under /de; the old link’s owner is told in German', async () => {
		const order = await buyPasses('weitergabe@example.com', 2, 'de-DE')
		expect(
			await reassignPass(db(), owner, {
				orderId: order.id,
				passId: order.passes[0]!,
				email: 'neu@example.com',
				origin: ORIGIN,
			}),
		).toMatchObject({ ok: true })
		await drainJobs(suite.database)
		const [moved] = await db()
			.select({ id: passes.id })
			.from(passes)
			.where(eq(passes.sentTo, 'neu@example.com'))
		const assigned = await messageTo('neu@example.com', 1, 'gehört Ihnen')
		expect(assigned).toContain('Öffnen Sie den Link, um ihn mit Ihrem Namen')
		expect(assigned).toContain(`${ORIGIN}/de/pass/${moved!.id}`)
		const movedAway = await messageTo('weitergabe@example.com', 2, 'neuen Link')
		expect(movedAway).toContain('Der Link, den Sie dafür hatten, gilt nicht mehr.')
	})

	test('a pass of an English order sent to someone new stays English, its link under /pass', async () => {
		const order = await buyPasses('handing@example.com', 2)
		await reassignPass(db(), owner, {
			orderId: order.id,
			passId: order.passes[0]!,
			email: 'new-holder@example.com',
			origin: ORIGIN,
		})
		await drainJobs(suite.database)
		const assigned = await messageTo('new-holder@example.com', 1, 'is yours')
		expect(assigned).toContain('Open the link to claim it')
		expect(assigned).toMatch(/https:\/\/site\.test\/pass\/[\w-]+/)
	})

	test('a German holder’s corrected address: the new address gets the German confirmation, the old one a German notice', async () => {
		const order = await buyPasses('korrigiert@example.com', 1)
		await claim(order.passes[0]!, 'Grete', 'grete-alt@example.com', 'de-DE')
		await drainJobs(suite.database)
		expect(
			await changeHolderAddress(db(), owner, {
				orderId: order.id,
				passId: order.passes[0]!,
				email: 'grete-neu@example.com',
				origin: ORIGIN,
			}),
		).toMatchObject({ ok: true })
		await drainJobs(suite.database)
		const welcome = await messageTo('grete-neu@example.com', 1, 'bestätigt')
		expect(welcome).toContain('Hallo Grete,')
		expect(welcome).toContain(`${ORIGIN}/de/pass/${order.passes[0]}/thank-you`)
		const notice = await messageTo('grete-alt@example.com', 2, 'andere Adresse')
		expect(notice).toContain('gehen ab jetzt an die korrigierte Adresse')
		expect(notice).not.toContain('corrected address')
	})
	test('a holder who claimed on the German page gets the upgrade link in German, a German buyer of an unclaimed pass too; an English holder in English', async () => {
		const ask = (email: string) =>
			sendUpgradeCreditLinks(db(), { email, origin: ORIGIN, courseName: 'AI Driven Dev' })
		const order = await buyPasses('upgrade-buyer@example.com', 2, 'de-DE')
		await claim(order.passes[0]!, 'Grete', 'grete-upgrade@example.com', 'de-DE')
		await claim(order.passes[1]!, 'Ada', 'ada-upgrade@example.com')
		await ask('grete-upgrade@example.com')
		await ask('ada-upgrade@example.com')
		const german = await buyPasses('deutsch-kaeufer@example.com', 1, 'de-DE')
		await ask('deutsch-kaeufer@example.com')
		await drainJobs(suite.database)
		const grete = await messageTo('grete-upgrade@example.com', 2, 'Upgrade-Guthaben')
		expect(grete).toContain('Sie haben Ihr Upgrade-Guthaben angefordert.')
		expect(grete).toMatch(/AI Driven Dev mit \d+(,\d\d)?\s\$ Rabatt kaufen/)
		expect(grete).toContain(`${ORIGIN}/upgrade/`)
		const buyer = await messageTo('deutsch-kaeufer@example.com', 2, 'Upgrade-Guthaben')
		expect(buyer, `order ${german.id}`).toContain('Jeder Pass zählt einmal.')
		const ada = await messageTo('ada-upgrade@example.com', 2, 'upgrade credit')
		expect(ada).toContain('You asked for your upgrade credit.')
	})
})
