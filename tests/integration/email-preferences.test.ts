/**
 * Unsubscribe and erase in the database (docs/decisions/109): the state per folded mailbox, the
 * filter the list senders call, `sendListEmail` (with a list kind standing in for the reminders
 * and owner messages to come), and the owner's erasure of a lead, which keeps the orders. On
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { orders } from '~/db/schema.server'
import { ownerAuditLog } from '~/db/schema-admin.server'
import { emailSuppressions, leads, outbox, surveyResponses } from '~/db/schema-leads.server'
import type { EmailKind } from '~/domain/email-kinds'
import { sendEmail, templates } from '~/integrations/email/index.server'
import { eraseLead } from '~/models/leads/erase.server'
import { saveLead, saveSurveyResponse } from '~/models/leads/leads.server'
import {
	isUnsubscribed,
	resubscribe,
	sendListEmail,
	unsubscribe,
	withoutUnsubscribed,
} from '~/models/preferences/preferences.server'
import { databaseBackends } from '../support/databases'
import { leaveInProcess, useInProcess } from '../support/in-process'

// Nothing the site sends today is list mail (kinds.test.ts); `newsletter` stands in for the
// first list kind (a reminder, an owner's message), classified as such.
vi.mock('~/domain/email-kinds', async (importOriginal) => {
	const real = await importOriginal<typeof import('~/domain/email-kinds')>()
	const EMAIL_KINDS = { ...real.EMAIL_KINDS, newsletter: 'list' } as const
	return {
		...real,
		EMAIL_KINDS,
		carriesUnsubscribe: (kind: keyof typeof EMAIL_KINDS) =>
			real.EMAIL_CLASSES[EMAIL_KINDS[kind]].unsubscribe,
		LIST_KINDS: ['newsletter'],
	}
})
const NEWSLETTER = 'newsletter' as EmailKind

const direct = { partnerKey: null, referralUrl: null, marketing: {} }

describe.each(databaseBackends)('e-mail preferences on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await prepareDatabase(database)
	})
	beforeEach(() => useInProcess({ SMTP_URL: 'smtp://127.0.0.1:9' }))
	afterEach(() => leaveInProcess())
	afterAll(() => cleanup?.())

	/** A list message to `to` through sendListEmail, the way the list senders write theirs. */
	const sendNewsletter = (to: string) =>
		sendListEmail(database.db, {
			to,
			origin: 'https://site.test',
			render: async (links) => ({
				...(await templates.workshopConfirmation({
					siteUrl: 'https://site.test',
					workshop: 'Free workshop',
					unsubscribe: links,
				})),
				kind: NEWSLETTER,
				subject: 'News',
			}),
		})

	test('unsubscribing one spelling of a mailbox unsubscribes them all; resubscribing any lifts it', async () => {
		expect(await isUnsubscribed(database.db, 'fold.me@gmail.com')).toBe(false)
		await unsubscribe(database.db, 'Fold.Me+news@gmail.com')
		for (const spelling of ['foldme@gmail.com', 'fold.me@googlemail.com', 'FOLDME+x@GMAIL.com'])
			expect(await isUnsubscribed(database.db, spelling), spelling).toBe(true)
		// Another provider's dots are another mailbox.
		expect(await isUnsubscribed(database.db, 'fold.me@example.com')).toBe(false)
		// Unsubscribing twice is one row; no address is stored.
		await unsubscribe(database.db, 'foldme@gmail.com')
		const rows = await database.db.select().from(emailSuppressions)
		expect(rows).toHaveLength(1)
		expect(JSON.stringify(rows)).not.toMatch(/fold/i)
		await resubscribe(database.db, 'foldme+other@googlemail.com')
		expect(await isUnsubscribed(database.db, 'fold.me@gmail.com')).toBe(false)
	})

	test('withoutUnsubscribed keeps the others, in their order, in one call', async () => {
		await unsubscribe(database.db, 'gone@example.com')
		const people = [
			{ email: 'one@example.com', id: 1 },
			{ email: 'Gone+tag@Example.com', id: 2 },
			{ email: 'two@example.com', id: 3 },
			{ email: 'gone@example.com', id: 4 },
		]
		expect(await withoutUnsubscribed(database.db, people)).toEqual([people[0], people[2]])
		expect(await withoutUnsubscribed(database.db, [])).toEqual([])
	})

	test('sendListEmail writes a list message with its one-click URL, and nothing to an unsubscribed address', async () => {
		const sent = await sendNewsletter('reader@example.com')
		expect(sent).toEqual({ id: expect.any(Number), transport: 'smtp' })
		const [row] = await database.db.select().from(outbox).where(eq(outbox.id, sent!.id))
		expect(row).toMatchObject({ kind: 'newsletter', subject: 'News' })
		expect(row!.listUnsubscribeUrl).toMatch(/^https:\/\/site\.test\/unsubscribe\?token=[\w.%-]+$/)
		expect(row!.textBody).toContain('https://site.test/email-preferences?token=')

		await unsubscribe(database.db, 'Reader+x@example.com')
		expect(await sendNewsletter('reader@example.com')).toBeNull()
		expect(
			await database.db.select().from(outbox).where(eq(outbox.toAddress, 'reader@example.com')),
		).toHaveLength(1)
	})

	test('unsubscribing gives up list messages still waiting for delivery, and nothing else', async () => {
		const waiting = await sendNewsletter('waiting@example.com')
		const receipt = await sendEmail(database.db, {
			to: 'waiting@example.com',
			kind: 'receipt',
			subject: 'Receipt',
			text: 'T',
		})
		await unsubscribe(database.db, 'waiting@example.com')
		const rows = await database.db
			.select()
			.from(outbox)
			.where(eq(outbox.toAddress, 'waiting@example.com'))
		const byId = new Map(rows.map((row) => [row.id, row]))
		expect(byId.get(waiting!.id)).toMatchObject({
			lastError: 'The recipient unsubscribed before delivery',
		})
		expect(byId.get(waiting!.id)!.failedAt).toBeInstanceOf(Date)
		expect(byId.get(receipt.id)).toMatchObject({ failedAt: null, lastError: null })
	})

	test('sendEmail refuses a list message without its one-click URL, and a receipt with one', async () => {
		await expect(
			sendEmail(database.db, { to: 'x@example.com', kind: NEWSLETTER, subject: 'S', text: 'T' }),
		).rejects.toThrow('A newsletter e-mail needs its List-Unsubscribe URL')
		await expect(
			sendEmail(database.db, {
				to: 'x@example.com',
				kind: 'receipt',
				subject: 'S',
				text: 'T',
				listUnsubscribe: 'https://site.test/unsubscribe?token=x',
			}),
		).rejects.toThrow('A receipt e-mail carries no List-Unsubscribe URL')
	})

	test('an erasure stays one: unsubscribing again does not weaken it', async () => {
		await unsubscribe(database.db, 'erased.once@example.com', 'erased')
		await unsubscribe(database.db, 'erased.once@example.com')
		const [row] = await database.db
			.select()
			.from(emailSuppressions)
			.where(eq(emailSuppressions.reason, 'erased'))
		expect(row).toBeDefined()
	})

	describe('erasing a lead', () => {
		const owner = { name: 'mona (GitHub #1001)' }
		const address = 'erase.me@example.com'
		let leadId: number
		let orderId: string
		let ids: { confirmation: number; receipt: number; pending: number; other: number }

		beforeAll(async () => {
			useInProcess({ SMTP_URL: 'smtp://127.0.0.1:9' })
			leadId = (
				await saveLead(database.db, {
					email: address,
					list: 'workshop',
					firstName: 'Erin',
					lastName: 'Erased',
					attribution: {
						partnerKey: 'partner7',
						referralUrl: 'https://site.test/?friend=partner7&me=erin',
						marketing: { first: { utm_source: 'news', landing: '/', at: '2026-01-01T00:00:00Z' } },
					},
				})
			).id
			await saveLead(database.db, { email: address, list: 'course', attribution: direct })
			await saveLead(database.db, {
				email: 'other@example.com',
				list: 'course',
				attribution: direct,
			})
			await saveSurveyResponse(
				database.db,
				{ email: address, rating: 5, helped: 'Erin here, it helped', mayQuote: true },
				direct,
			)
			orderId = `ord_erase_${backend.name}`
			await database.db.insert(orders).values({
				id: orderId,
				itemCode: 'ai-driven-development-day-pass',
				quantity: 1,
				status: 'paid',
				region: 'GLOBAL',
				amountMinor: 9_900,
				currency: 'usd',
				email: address,
				customerName: 'Erin Erased',
			})
			const confirmation = await sendEmail(database.db, {
				to: address,
				...(await templates.workshopConfirmation({
					firstName: 'Erin',
					siteUrl: 'https://site.test',
					workshop: 'Free workshop',
					unsubscribe: { preferencesUrl: 'https://p', oneClickUrl: 'https://o' },
				})),
			})
			const receipt = await sendEmail(database.db, {
				to: address,
				kind: 'receipt',
				subject: `Your receipt for order ${orderId}`,
				text: 'Hi Erin',
			})
			const pending = await sendEmail(database.db, {
				to: address,
				kind: 'dayEventConfirmation',
				subject: 'Confirm',
				text: 'Hi Erin',
			})
			const other = await sendEmail(database.db, {
				to: 'other@example.com',
				kind: 'dayEventConfirmation',
				subject: 'Confirm',
				text: 'Hi Other',
			})
			ids = {
				confirmation: confirmation.id,
				receipt: receipt.id,
				pending: pending.id,
				other: other.id,
			}
			await database.db
				.update(outbox)
				.set({ sentAt: new Date() })
				.where(eq(outbox.id, confirmation.id))
		})

		test('every sign-up of the address becomes a tombstone; the sign-up and partner counts stay', async () => {
			const outcome = await eraseLead(database.db, owner, leadId)
			expect(outcome).toEqual({
				ok: true,
				message: `Lead ${leadId} is erased: 3 sign-ups, 1 survey answer and 2 e-mails. Orders are kept.`,
			})
			const rows = await database.db.select().from(leads)
			expect(JSON.stringify(rows)).not.toContain('erase.me')
			expect(JSON.stringify(rows)).not.toContain('Erin')
			const erased = rows.filter((row) => row.erasedAt !== null)
			// The survey's answers came with a sign-up of their own.
			expect(erased.map((row) => row.list).sort()).toEqual([
				'course',
				'insiders_survey',
				'workshop',
			])
			for (const row of erased) {
				expect(row.email).toBe(`erased-${row.id}@erased.invalid`)
				expect(row).toMatchObject({
					firstName: null,
					lastName: null,
					avatarUrl: null,
					referralUrl: null,
					attribution: {},
				})
			}
			// The partner is owed their referral: the key is theirs, not the person's.
			expect(erased.find((row) => row.id === leadId)!.partnerKey).toBe('partner7')
			expect(rows.find((row) => row.email === 'other@example.com')!.erasedAt).toBeNull()
		})

		test('the survey answer keeps its rating only', async () => {
			const answers = await database.db.select().from(surveyResponses)
			expect(JSON.stringify(answers)).not.toMatch(/erase\.me|Erin/)
			expect(answers.find((answer) => answer.rating === 5)).toMatchObject({
				helped: '',
				improve: '',
			})
		})

		test('the e-mails lose address and bodies, one waiting is given up; receipts and others stay', async () => {
			const rows = new Map((await database.db.select().from(outbox)).map((row) => [row.id, row]))
			for (const id of [ids.confirmation, ids.pending]) {
				expect(rows.get(id)).toMatchObject({
					toAddress: `erased-mail-${leadId}@erased.invalid`,
					textBody: '(erased)',
					htmlBody: null,
					attachments: null,
					listUnsubscribeUrl: null,
				})
			}
			expect(rows.get(ids.confirmation)!.failedAt).toBeNull()
			expect(rows.get(ids.pending)).toMatchObject({ lastError: 'Erased before delivery' })
			expect(rows.get(ids.pending)!.failedAt).toBeInstanceOf(Date)
			expect(rows.get(ids.receipt)).toMatchObject({ toAddress: address, textBody: 'Hi Erin' })
			expect(rows.get(ids.other)).toMatchObject({
				toAddress: 'other@example.com',
				textBody: 'Hi Other',
			})
		})

		test('the order keeps the buyer for accounting; the address gets no list mail; the audit line names no one', async () => {
			const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId))
			expect(order).toMatchObject({ email: address, customerName: 'Erin Erased', status: 'paid' })
			expect(await isUnsubscribed(database.db, 'Erase.Me+again@example.com')).toBe(true)
			const [line] = await database.db
				.select()
				.from(ownerAuditLog)
				.where(eq(ownerAuditLog.target, `lead:${leadId}`))
			expect(line).toMatchObject({
				actor: owner.name,
				action: 'erase-lead',
				after: { lists: ['course', 'insiders_survey', 'workshop'], surveyAnswers: 1, emails: 2 },
			})
			expect(JSON.stringify(line)).not.toContain('erase.me')
		})

		test('erasing it again, or a lead that does not exist, changes nothing', async () => {
			const again = await eraseLead(database.db, owner, leadId)
			expect(again).toEqual({
				ok: false,
				message: 'There is no such lead, or it is erased already.',
			})
			expect((await eraseLead(database.db, owner, 987_654)).ok).toBe(false)
		})
	})
})
