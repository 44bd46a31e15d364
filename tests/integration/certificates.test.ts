/**
 * Certificates of attendance (issue 38 item 3, docs/decisions/172) through the real job code on
 * a database of the test's own and a real SMTP peer, with the test's own clock. A registrant
 * whose joining link is opened during the day is recorded once (two opens at once too); opened
 * too early or after the end, nothing. Once the day has ended the job `certificates.send` e-mails
 * each named attendee a PDF certificate once, even when it runs twice; an absentee gets none.
 * The verification link names a valid certificate; a forged or withdrawn one names none. The
 * owner issues one to someone signed up who joined by phone, and withdraws one, audit-logged.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { desc, eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { getConfig } from '~/config.server'
import type { SiteEvent } from '~/content/site-content'
import { passes } from '~/db/schema.server'
import { ownerAuditLog } from '~/db/schema-admin.server'
import { outbox } from '~/db/schema-leads.server'
import {
	ATTENDANCE_OPENS_BEFORE_MS,
	recordAttendance,
} from '~/models/certificates/attendance.server'
import { certificateFacts, certificateJob } from '~/models/certificates/issue.server'
import { issueCertificateByOwner, withdrawCertificate } from '~/models/certificates/owner.server'
import { claimPass, createCheckout, recordSandboxPayment } from '~/models/checkout/index.server'
import { saveLead } from '~/models/leads/leads.server'
import { createLinkToken, verifyLinkToken } from '~/models/links/signed-token.server'
import { decodedMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, smtpInProcessSuite } from '../support/in-process'
import { hasPdftotext, pdfText, setsMissingGlyphs } from '../support/pdf'

const fixture = await vi.hoisted(async () => {
	const { testEvent: event } = await import('../support/event-fixtures')
	return [
		event('cert-day', 'day', '2030-07-01T08:00:00.000Z', '2030-07-01T16:00:00.000Z'),
	] satisfies SiteEvent[]
})

vi.mock('~/content/site-content.server', async (importOriginal) =>
	(await import('../support/event-fixtures')).contentWithEvents(() => fixture, importOriginal),
)

const ORIGIN = 'https://site.test'
const PASS = 'ai-driven-development-day-pass'
const owner = 'mona (GitHub #1001)'
const direct = { partnerKey: null, referralUrl: null, marketing: {} }
const DAY = fixture[0]!
const START = Date.parse(DAY.start)
const END = Date.parse(DAY.end)
const during = new Date(START + 3_600_000)
const after = new Date(END + 60_000)
const SUBJECT = 'Your certificate of attendance: The test day'

// Attendees in each script a certificate must print (docs/decisions/133).
const HOLDERS = {
	'hedy@example.com': 'Hedy Lamarr',
	'eleni@example.com': 'Ελένη Παπαδοπούλου',
	'irina@example.com': 'Ирина Кузнецова',
	'hanako@example.com': '山田花子',
	'minjun@example.com': '김민준',
	'absent@example.com': 'Abe Absent',
	'early@example.com': 'Eve Early',
	'late@example.com': 'Lou Late',
}

describe.each(databaseBackends)('certificates of attendance on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { env: { SITE_URL: ORIGIN } })
	const db = () => suite.database.db

	const mails = (email: string) =>
		suite.smtp.mailTo(email).map((mail) => {
			const raw = decodedMail(mail.raw)
			return { raw, subject: raw.match(/^Subject: (.*)$/m)?.[1] ?? '' }
		})
	/** The certificate PDF of the latest certificate e-mail to `email`, from its outbox row. */
	const certificatePdf = async (email: string) => {
		const [row] = await db()
			.select({ attachments: outbox.attachments })
			.from(outbox)
			.where(eq(outbox.toAddress, email))
			.orderBy(desc(outbox.id))
			.limit(1)
		const pdf = row?.attachments?.find((file) => file.contentType === 'application/pdf')
		return Buffer.from(pdf!.content, 'base64')
	}
	const verifyLink = (raw: string) => {
		const token = /https:\/\/site\.test\/certificates\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(
			raw,
		)?.[1]
		return verifyLinkToken(token, 'certificate', getConfig().SESSION_SECRET)
	}
	const runJob = async (now: Date) => {
		await certificateJob(db(), () => now).run({}, undefined as never, new AbortController().signal)
		await drainJobs(suite.database)
	}

	test('a pass holder who opened the joining link during the day gets one certificate, in any script; an absentee, and links opened too early or late, get none; once even when the job runs twice', async () => {
		const { id } = await createCheckout(db(), {
			code: PASS,
			quantity: Object.keys(HOLDERS).length,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		await recordSandboxPayment(db(), id, { email: 'buyer@example.com' })
		const rows = await db().select({ id: passes.id }).from(passes).where(eq(passes.orderId, id))
		for (const [index, [email, name]] of Object.entries(HOLDERS).entries())
			await claimPass(db(), rows[index]!.id, { name, email }, ORIGIN)
		await drainJobs(suite.database)
		suite.smtp.received.length = 0

		const attendees = Object.keys(HOLDERS).slice(0, 5)
		for (const email of attendees)
			expect(await recordAttendance(db(), DAY, email, during)).toBe(true)
		// Opened again, or twice at once: still one attendance.
		expect(await recordAttendance(db(), DAY, 'hedy@example.com', during)).toBe(false)
		const both = await Promise.all(
			[0, 1, 2].map(() => recordAttendance(db(), DAY, 'HEDY@example.com', during)),
		)
		expect(both).toEqual([false, false, false])
		// A minute before attendance opens, and at the end: nothing.
		const early = new Date(START - ATTENDANCE_OPENS_BEFORE_MS - 60_000)
		expect(await recordAttendance(db(), DAY, 'early@example.com', early)).toBe(false)
		expect(await recordAttendance(db(), DAY, 'late@example.com', new Date(END))).toBe(false)

		await runJob(during)
		expect(mails('hedy@example.com')).toEqual([])

		await runJob(after)
		await runJob(after)
		for (const email of attendees) {
			const [mail, ...more] = mails(email)
			expect(more, email).toEqual([])
			expect(mail!.subject).toBe(SUBJECT)
			const link = verifyLink(mail!.raw)
			expect(link.ok).toBe(true)
			const facts = await certificateFacts(db(), link.ok ? link.subject : '')
			expect(facts).toEqual({
				name: HOLDERS[email as keyof typeof HOLDERS],
				title: 'The test day',
				date: 'Monday, 1 July 2030',
				hours: '8 hours',
			})
			const pdf = await certificatePdf(email)
			expect(setsMissingGlyphs(pdf), email).toBe(false)
			if (hasPdftotext) expect(pdfText(pdf)).toContain(HOLDERS[email as keyof typeof HOLDERS])
		}
		for (const email of ['absent@example.com', 'early@example.com', 'late@example.com'])
			expect(mails(email), email).toEqual([])
		expect(mails('hedy@example.com')[0]!.raw).toContain('Hi Hedy Lamarr,')
		// The buyer did not attend: the holders did.
		expect(mails('buyer@example.com')).toEqual([])
	})

	test('a forged, cut or foreign verification link names no certificate', async () => {
		const secret = getConfig().SESSION_SECRET
		const real = createLinkToken(
			{ purpose: 'certificate', subject: 'abc', expiresAt: 'never' },
			secret,
		)
		expect(verifyLinkToken(`${real.slice(0, -2)}xx`, 'certificate', secret).ok).toBe(false)
		expect(verifyLinkToken(real.slice(0, 10), 'certificate', secret).ok).toBe(false)
		const otherKey = createLinkToken(
			{ purpose: 'certificate', subject: 'abc', expiresAt: 'never' },
			'another-secret-0123456789abcdef0123',
		)
		expect(verifyLinkToken(otherKey, 'certificate', secret).ok).toBe(false)
		const invoice = createLinkToken(
			{ purpose: 'invoice', subject: 'abc', expiresAt: 'never' },
			secret,
		)
		expect(verifyLinkToken(invoice, 'certificate', secret).ok).toBe(false)
		// Signed, but for an id never issued.
		expect(await certificateFacts(db(), 'abc')).toBeNull()
	})

	test('the owner issues a certificate to a registrant who joined by phone and withdraws it, each step audit-logged; someone not signed up gets none', async () => {
		await saveLead(db(), {
			email: 'phone@example.com',
			list: 'day_event',
			attribution: direct,
			confirmed: true,
		})
		suite.smtp.received.length = 0
		const issue = (email: string) =>
			issueCertificateByOwner(db(), {
				eventId: DAY.id,
				email,
				name: 'Pat Phone',
				actor: owner,
				origin: ORIGIN,
			})
		expect(await issue('stranger@example.com')).toEqual({ ok: false, reason: 'not-registered' })
		// A free registrant whose name we do not know: the job leaves them to the owner.
		expect(await recordAttendance(db(), DAY, 'phone@example.com', during)).toBe(true)
		await runJob(after)
		expect(mails('phone@example.com')).toEqual([])

		const issued = await issue('phone@example.com')
		expect(issued.ok).toBe(true)
		const id = issued.ok ? issued.id : ''
		expect(await issue('phone@example.com')).toEqual({ ok: false, reason: 'issued' })
		await drainJobs(suite.database)
		const [mail, ...more] = mails('phone@example.com')
		expect(more).toEqual([])
		expect(mail!.subject).toBe(SUBJECT)
		expect(verifyLink(mail!.raw)).toEqual({ ok: true, subject: id })
		expect((await certificateFacts(db(), id))?.name).toBe('Pat Phone')

		expect(await withdrawCertificate(db(), { id, actor: owner })).toBe(true)
		expect(await certificateFacts(db(), id)).toBeNull()
		expect(await withdrawCertificate(db(), { id, actor: owner })).toBe(false)
		// The job never brings a withdrawn one back.
		await runJob(after)
		expect(mails('phone@example.com')).toHaveLength(1)

		const lines = await db()
			.select({ action: ownerAuditLog.action, target: ownerAuditLog.target })
			.from(ownerAuditLog)
			.where(eq(ownerAuditLog.target, `certificate:${id}`))
		expect(lines.map((line) => line.action).sort()).toEqual([
			'certificate-issue',
			'certificate-withdraw',
		])
		// Issued again by the owner: the same id, so the printed address works again.
		expect(await issue('phone@example.com')).toEqual({ ok: true, id })
		expect(await certificateFacts(db(), id)).not.toBeNull()
	})
	test('a holder who claimed on the German page gets the certificate e-mail and its PDF in German, with the day’s date in German (decision 177)', async () => {
		const { id } = await createCheckout(db(), {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		await recordSandboxPayment(db(), id, { email: 'einkauf@example.com' })
		const [pass] = await db().select({ id: passes.id }).from(passes).where(eq(passes.orderId, id))
		await claimPass(
			db(),
			pass!.id,
			{ name: 'Jürgen Groß', email: 'juergen@example.com' },
			ORIGIN,
			'de-DE',
		)
		await drainJobs(suite.database)
		expect(await recordAttendance(db(), DAY, 'juergen@example.com', during)).toBe(true)
		await runJob(after)
		const [row] = await db()
			.select({ subject: outbox.subject, text: outbox.textBody })
			.from(outbox)
			.where(eq(outbox.toAddress, 'juergen@example.com'))
			.orderBy(desc(outbox.id))
			.limit(1)
		expect(row!.subject).toBe('Ihre Teilnahmebescheinigung: The test day')
		expect(row!.text).toContain('Hallo Jürgen Groß,')
		expect(row!.text).toContain('Danke für Ihre Teilnahme an The test day am Montag, 1. Juli 2030')
		// The German certificate's check is the German page, saying it in German.
		const token = /https:\/\/site\.test\/de\/certificates\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(
			row!.text,
		)?.[1]
		const link = verifyLinkToken(token, 'certificate', getConfig().SESSION_SECRET)
		expect(link.ok).toBe(true)
		expect(await certificateFacts(db(), link.ok ? link.subject : '', 'de-DE')).toEqual({
			name: 'Jürgen Groß',
			title: 'The test day',
			date: 'Montag, 1. Juli 2030',
			hours: '8 Stunden',
		})
		if (hasPdftotext) {
			const text = pdfText(await certificatePdf('juergen@example.com')).replace(/\s+/g, ' ')
			expect(text).toContain('Teilnahmebescheinigung')
			expect(text).toContain('Hiermit wird bestätigt, dass Jürgen Groß an der Veranstaltung')
			expect(text).toContain('am Montag, 1. Juli 2030 teilgenommen hat: 8 Stunden, online.')
		}
	})
})
