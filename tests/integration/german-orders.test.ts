/**
 * A German buyer (issue 38 item 2, docs/decisions/174): an order started on a German page stores
 * de-DE, and its receipt (at the SMTP peer), its invoice PDF and its credit note are written in
 * German, with German dates and money; an English buyer's stay as they were. The sandbox
 * provider, in this process, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq, like, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { orders, passes, waitlistEntries } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import { outbox } from '~/db/schema-leads.server'
import type { Locale } from '~/domain/locale'
import {
	claimPass,
	createCheckout,
	recordSandboxPayment,
	refundCheckout,
} from '~/models/checkout/index.server'
import { refundOrderPart } from '~/models/checkout/order-actions.server'
import { numberOrderDocuments } from '~/models/invoices/numbering.server'
import { invoicePdf } from '~/models/invoices/pdf-cache.server'
import { payByTransfer } from '~/models/transfers/index.server'
import { offerByHand } from '~/models/waitlist/offers.server'
import { readableMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, smtpInProcessSuite, useInProcess } from '../support/in-process'
import { hasPdftotext, pdfText } from '../support/pdf'

const PASS = 'ai-driven-development-day-pass'
const ORIGIN = 'https://site.test'
const ENV = { SITE_URL: ORIGIN, CHECKOUT_HOLD_SHARE_PERCENT: '100' }

describe.each(databaseBackends)('a German buyer on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { env: ENV })
	const db = () => suite.database.db
	let buyers = 0

	beforeEach(async () => {
		useInProcess({ ...ENV, SMTP_URL: suite.smtp.url })
		invalidateSalesCache()
	})

	/** A day pass bought and paid by `email` from a page in `locale` (none: the JSON API's default). */
	async function buyPass(email: string, locale?: Locale, quantity = 1) {
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
		return id
	}
	const subjectOf = async (orderId: string) =>
		(
			await db()
				.select({ subject: outbox.subject })
				.from(outbox)
				.where(like(outbox.subject, `%${orderId}%`))
		)[0]?.subject
	const invoiceOf = async (orderId: string, kind: 'invoice' | 'credit_note' = 'invoice') => {
		await numberOrderDocuments(db(), orderId)
		const rows = await db().select().from(invoices).where(eq(invoices.orderId, orderId))
		return rows.find((row) => row.kind === kind)!
	}

	test('an order started on a German page stores de-DE; one that names no locale en-US', async () => {
		const german = await buyPass('locale-de@example.com', 'de-DE')
		const english = await buyPass('locale-en@example.com')
		const locales = await db()
			.select({ id: orders.id, locale: orders.locale })
			.from(orders)
			.where(sql`${orders.id} IN (${german}, ${english})`)
		expect(Object.fromEntries(locales.map((row) => [row.id, row.locale]))).toEqual({
			[german]: 'de-DE',
			[english]: 'en-US',
		})
	})

	test('a German buyer’s receipt reaches the SMTP peer in German, with German money and dates and pass links under /de', async () => {
		const id = await buyPass('kaeufer@example.com', 'de-DE', 2)
		const [mail] = await suite.smtp.waitFor('kaeufer@example.com')
		const text = readableMail(mail!.raw)
		expect(await subjectOf(id)).toBe(`Ihre Quittung für die Bestellung ${id}`)
		expect(text).toContain('Vielen Dank für Ihre Bestellung')
		expect(text).toContain('Gesamtbetrag')
		expect(text).toContain('Wie es weitergeht')
		// Money as German writes it: the symbol after the amount ("198 $", "1.234,50 €").
		expect(text).toMatch(/Gesamtbetrag\s+\d+\s\$/)
		expect(text).toMatch(/bezahlt am \w+, \d{1,2}\. \w+ \d{4}/)
		expect(text).toContain(`${ORIGIN}/de/pass/`)
		expect(text).toMatch(/Rechnung [A-Z]+-?\d+/)
		expect(text).not.toContain('Thank you for your order')
		expect(text).not.toContain('Total paid')
	})

	test('a German buyer’s invoice PDF says Rechnung, Rechnungsnummer, Rechnungsdatum, Leistungsdatum, Nettobetrag, Umsatzsteuer and Gesamtbetrag in German money', async () => {
		const id = await buyPass('rechnung@example.com', 'de-DE')
		const invoice = await invoiceOf(id)
		expect(invoice.data.locale).toBe('de-DE')
		const pdf = await invoicePdf(invoice)
		expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
		// The PDF attached to the receipt is the same document.
		const [mail] = await db()
			.select()
			.from(outbox)
			.where(like(outbox.subject, `%${id}%`))
		const attached = mail!.attachments!.find((file) => file.contentType === 'application/pdf')
		expect(Buffer.from(attached!.content, 'base64').equals(pdf)).toBe(true)
		if (!hasPdftotext) return
		const text = pdfText(pdf)
		for (const words of [
			`Rechnung ${invoice.data.number}`,
			`Rechnungsnummer: ${invoice.data.number}`,
			'Rechnungsdatum: ',
			'Leistungsdatum: ',
			'Rechnungssteller',
			'Rechnungsempfänger',
			'Enthaltene Umsatzsteuer je Steuersatz',
			'Nettobetrag',
			'Umsatzsteuer',
			'Gesamtbetrag',
		])
			expect(text).toContain(words)
		expect(text).toMatch(/netto \d+,\d{2}\s\$, USt\. \d+,\d{2}\s\$/)
		expect(text).not.toMatch(/Total paid|Invoice |Date: /)
		// The seller's country by its German name.
		expect(text).toContain('Niederlande')
		expect(text).not.toContain('Netherlands')
	})

	test('a German buyer’s refund takes the invoice back with a Rechnungskorrektur', async () => {
		const id = await buyPass('korrektur@example.com', 'de-DE')
		const invoice = await invoiceOf(id)
		expect((await refundCheckout(db(), id)).changed).toBe(true)
		await drainJobs(suite.database)
		const note = await invoiceOf(id, 'credit_note')
		expect(note.data.locale).toBe('de-DE')
		// The refund notice, at the SMTP peer, in German with its credit note's link.
		const mails = await suite.smtp.waitFor('korrektur@example.com', 2)
		const notice = mails
			.map((mail) => readableMail(mail.raw))
			.find((text) => text.includes('erstattet'))
		expect(notice).toContain('Die vollen')
		expect(notice).toContain('Ihre Rechnungskorrektur')
		expect(notice).toContain('Erstattungen kommen meist innerhalb von 5 bis 10 Werktagen an.')
		if (!hasPdftotext) return
		const text = pdfText(await invoicePdf(note))
		expect(text).toContain(`Rechnungskorrektur ${note.data.number}`)
		expect(text).toContain(`Korrigiert die Rechnung ${invoice.data.number}`)
		expect(text).toContain('Gesamtbetrag der Korrektur')
	})

	test('a German buyer refunded one pass of three is told in German what comes back and what stays', async () => {
		const id = await buyPass('teilweise@example.com', 'de-DE', 3)
		const [pass] = await db().select().from(passes).where(eq(passes.orderId, id))
		const owner = { name: 'owner' }
		expect(await refundOrderPart(db(), owner, { orderId: id, passId: pass!.id })).toMatchObject({
			ok: true,
		})
		await drainJobs(suite.database)
		const mails = await suite.smtp.waitFor('teilweise@example.com', 2)
		const notice = mails
			.map((mail) => readableMail(mail.raw))
			.find((text) => text.includes('Ihrer Bestellung'))
		expect(notice).toMatch(/\d+\s\$ Ihrer Bestellung .* gehen auf die Karte zurück/)
		expect(notice).toContain('1 Pass davon ist storniert und gilt nicht mehr')
		expect(notice).toContain('Die anderen 2 bleiben wie bisher.')
		expect(notice).toContain('Ihre Rechnungskorrektur')
	})

	test('a German buyer paying by bank transfer gets the instructions in German, the due date and amount the German way', async () => {
		const { id } = await createCheckout(db(), {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: ORIGIN,
			clientIp: `198.51.100.${++buyers}`,
			locale: 'de-DE',
		})
		expect(
			await payByTransfer(
				db(),
				id,
				{
					email: 'ueberweisung@example.com',
					name: 'Grete',
					billing: { company: null, address: null, country: 'DE', vatNumber: null },
				},
				ORIGIN,
			),
		).toEqual({ ok: true })
		await drainJobs(suite.database)
		const [mail] = await suite.smtp.waitFor('ueberweisung@example.com')
		const text = readableMail(mail!.raw)
		expect(text).toContain('Vielen Dank für Ihre Bestellung')
		expect(text).toContain('Verwendungszweck')
		expect(text).toMatch(/Fällig bis\s+\w+, \d{1,2}\. \w+ \d{4}/)
		expect(text).toMatch(/Betrag\s+\d+\s\$/)
		expect(text).toContain('Sie ist bis zum Fälligkeitstag für Sie reserviert.')
		expect(text).not.toContain('Thank you')
	})

	test('a pass claimed on its German page brings its holder a German confirmation, its links under /de', async () => {
		const id = await buyPass('teamleiter@example.com', 'de-DE')
		const [pass] = await db().select().from(passes).where(eq(passes.orderId, id))
		expect(
			await claimPass(
				db(),
				pass!.id,
				{ name: 'Grete', email: 'grete@example.com' },
				ORIGIN,
				'de-DE',
			),
		).toBe('claimed')
		await drainJobs(suite.database)
		const [mail] = await suite.smtp.waitFor('grete@example.com')
		const text = readableMail(mail!.raw)
		expect(text).toContain('Hallo Grete,')
		expect(text).toContain('ist bestätigt, auf Ihren Namen.')
		expect(text).toContain(`${ORIGIN}/de/pass/${pass!.id}/thank-you`)
		expect(text).toContain('Zum Kalender hinzufügen (.ics)')
	})

	test('a gift bought on a German page reaches its recipient in German, its claim link under /de', async () => {
		const { id } = await createCheckout(db(), {
			code: 'ai-driven-dev-preorder',
			quantity: 1,
			region: 'GLOBAL',
			origin: ORIGIN,
			clientIp: `198.51.100.${++buyers}`,
			locale: 'de-DE',
			gift: {
				name: 'Grete',
				email: 'beschenkte@example.com',
				message: 'Alles Gute!',
				day: new Date().toISOString().slice(0, 10),
			},
		})
		await recordSandboxPayment(db(), id, { email: 'schenkende@example.com', name: 'Hans' })
		await drainJobs(suite.database)
		const [mail] = await suite.smtp.waitFor('beschenkte@example.com')
		const text = readableMail(mail!.raw)
		expect(text).toContain('Hallo Grete,')
		expect(text).toContain('Hans schenkt Ihnen')
		expect(text).toMatch(new RegExp(`Geschenk einlösen.*${ORIGIN}/de/pass/[\\w-]{22}`))
	})

	test('an English buyer’s receipt and invoice stay English, their snapshot without a locale', async () => {
		const id = await buyPass('english@example.com')
		const [mail] = await suite.smtp.waitFor('english@example.com')
		const text = readableMail(mail!.raw)
		expect(await subjectOf(id)).toBe(`Your receipt for order ${id}`)
		expect(text).toContain('Total paid')
		expect(text).toContain(`${ORIGIN}/pass/`)
		expect(text).not.toContain('/de/')
		const invoice = await invoiceOf(id)
		expect(invoice.data).not.toHaveProperty('locale')
		if (!hasPdftotext) return
		const pdf = pdfText(await invoicePdf(invoice))
		expect(pdf).toContain(`Invoice ${invoice.data.number}`)
		expect(pdf).toContain('Total paid')
		expect(pdf).not.toMatch(/Rechnung|Gesamtbetrag/)
	})

	test('a waiting-list place asked for on a German page gets its offer under /de, and the offer’s order is German', async () => {
		const [entry] = await db()
			.insert(waitlistEntries)
			.values({
				itemCode: PASS,
				email: 'warteliste@example.com',
				quantity: 1,
				region: 'GLOBAL',
				status: 'waiting',
				confirmedAt: new Date(),
				locale: 'de-DE',
			})
			.returning()
		expect(await offerByHand(db(), entry!.id, 'owner')).toBe('offered')
		const [offered] = await db()
			.select()
			.from(waitlistEntries)
			.where(eq(waitlistEntries.id, entry!.id))
		const [order] = await db().select().from(orders).where(eq(orders.id, offered!.offerOrderId!))
		expect(order!.locale).toBe('de-DE')
		const [mail] = await db()
			.select()
			.from(outbox)
			.where(eq(outbox.toAddress, 'warteliste@example.com'))
		expect(mail!.textBody).toContain(`${ORIGIN}/de/waitlist/offer/`)
		// The offer itself is in German, its hold's end a German date.
		expect(mail!.subject).toMatch(/^Sie sind an der Reihe: /)
		expect(mail!.textBody).toMatch(/reserviert bis \w+, \d{1,2}\. \w+ \d{4}/)
	})
})
