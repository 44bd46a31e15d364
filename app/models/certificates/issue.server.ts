/**
 * Certificates of attendance (issue 38 item 3, docs/decisions/172). Once an event with joining
 * links (a workshop session, the day) has ended, the periodic job `certificates.send` e-mails
 * each attendee (`attendance.server.ts`) still signed up a PDF certificate: their name, the
 * event, its date and hours, and the address of its public verification page, signed for its
 * id. Once per person: the certificate's row (one per event and mailbox) and its outbox row
 * commit in one transaction, so a job run twice, or on two servers, writes one. An absentee has
 * no attendance and gets none. An attendee whose name we do not know (a free registration asks
 * only for the address) waits on the owner's page, who issues theirs with a name.
 */
import { eq, isNotNull } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { SiteEvent } from '~/content/site-content'
import { eventsOf, findEvent } from '~/content/site-content.server'
import type { Db } from '~/db/client.server'
import { newPublicId } from '~/db/public-id.server'
import type { Tx } from '~/db/query.server'
import { certificates } from '~/db/schema-certificates.server'
import { formatEventDay, formatEventWhen } from '~/domain/dates'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { countOf, HOUR, HOUR_DE } from '~/domain/words'
import { eventTemplatesIn, sendEmail } from '~/integrations/email/index.server'
import type { JobDefinition } from '~/jobs/run.server'
import { log } from '~/log.server'
import { hasJoiningLink } from '~/models/events/join-link.server'
import { registrantsOf } from '~/models/events/registrants.server'
import { renderOffLoop } from '~/models/invoices/pdf-thread.server'
import { createLinkToken } from '~/models/links/signed-token.server'
import { mailboxOf } from '~/models/preferences/mailbox.server'
import { eventMailLinks } from '~/models/preferences/reminder-stops.server'
import { site } from '~/site'
import { siteOrigin } from '~/site-origin.server'
import { localePath } from '~/utils/i18n'
import { attendeesOf } from './attendance.server'
import { renderCertificatePdf } from './pdf.server'

/** How often the job looks for certificates to write: one goes out within this of the end. */
const CERTIFICATES_EVERY_SECONDS = 300

/** Where a certificate is checked (routes/content/certificates.$token.tsx). */
const VERIFY_PATH = '/certificates/'

/** An event that has certificates: one with joining links, not cancelled. */
export function certificateEvent(id: string): SiteEvent | undefined {
	const event = findEvent(id)
	return event && hasJoiningLink(event) && event.status !== 'cancelled' ? event : undefined
}

/** Every event that has certificates, latest first. */
export const certificateEvents = (): SiteEvent[] =>
	[...eventsOf('day'), ...eventsOf('workshop')]
		.filter((event) => event.status !== 'cancelled')
		.sort((a, b) => Date.parse(b.start) - Date.parse(a.start))

export const ended = (event: Pick<SiteEvent, 'end'>, now: Date) =>
	Date.parse(event.end) <= now.getTime()

/** "8 hours", "1.5 hours" ("1,5 Stunden"): the event's length, to the quarter hour. */
function eventHours(event: Pick<SiteEvent, 'start' | 'end'>, locale: Locale = DEFAULT_LOCALE) {
	const hours = Math.round((Date.parse(event.end) - Date.parse(event.start)) / 900_000) / 4
	return countOf(hours, locale === 'de-DE' ? HOUR_DE : HOUR, locale)
}

/**
 * A certificate's public verification page in `locale` (the certificate's language), absolute
 * from `origin`, its id signed.
 */
function verifyUrl(origin: string, id: string, locale: Locale): string {
	const token = createLinkToken(
		{ purpose: 'certificate', subject: id, expiresAt: 'never' },
		getConfig().SESSION_SECRET,
	)
	return `${origin}${localePath(`${VERIFY_PATH}${token}`, locale)}`
}

type Issue = {
	event: SiteEvent
	email: string
	name: string
	/** The language they signed up, bought or claimed in (decision 177): the e-mail's and PDF's. */
	locale: Locale
	/** The owner issuing it; null: the job, for an attendance by link. */
	issuedBy: string | null
	origin: string
}

/**
 * Writes `issue`'s certificate and its e-mail in `tx`, once: null when the person has one
 * already. A withdrawn one is issued again only by the owner (`issuedBy`): it keeps its id, so
 * the address printed on the first copy works again.
 */
export async function issueCertificate(tx: Tx | Db, issue: Issue): Promise<string | null> {
	const { event, email, name, issuedBy, origin, locale } = issue
	const mailboxKey = mailboxOf(email).key
	const insert = tx
		.insert(certificates)
		.values({ id: newPublicId(), eventId: event.id, mailboxKey, email, name, issuedBy })
	const [row] = await (issuedBy === null
		? insert.onConflictDoNothing()
		: insert.onConflictDoUpdate({
				target: [certificates.eventId, certificates.mailboxKey],
				set: { email, name, issuedBy, issuedAt: new Date(), withdrawnAt: null, withdrawnBy: null },
				setWhere: isNotNull(certificates.withdrawnAt),
			})
	).returning({ id: certificates.id })
	if (!row) return null
	const url = verifyUrl(origin, row.id, locale)
	const content = {
		name,
		title: event.title,
		date: formatEventDay(event, locale),
		hours: eventHours(event, locale),
		organizer: site.sponsor.name,
		verifyUrl: url,
		...(locale === DEFAULT_LOCALE ? {} : { locale }),
	}
	const pdf = await renderOffLoop('certificate', content, renderCertificatePdf)
	const queued = await sendEmail(tx, {
		to: email,
		...(await eventTemplatesIn(locale).certificateOfAttendance({
			name,
			title: event.title,
			when: formatEventWhen(event, event.timeZone, locale),
			verifyUrl: url,
			unsubscribe: eventMailLinks(origin, email, event.id, false),
		})),
		attachments: [
			{
				filename: `certificate-${event.id}.pdf`,
				contentType: 'application/pdf',
				content: pdf.toString('base64'),
				encoding: 'base64',
			},
		],
	})
	await tx.update(certificates).set({ outboxId: queued.id }).where(eq(certificates.id, row.id))
	return row.id
}

/** The mailboxes of `eventId` with a certificate, withdrawn ones too (the job leaves them). */
async function certifiedMailboxes(db: Db, eventId: string): Promise<Set<string>> {
	const rows = await db
		.select({ key: certificates.mailboxKey })
		.from(certificates)
		.where(eq(certificates.eventId, eventId))
	return new Set(rows.map((row) => row.key))
}

/**
 * Writes every certificate due at `now`: of each ended event, to each attendee still signed up,
 * named and without one: the periodic job's work (tests run the job with their own clock).
 * Returns how many it wrote.
 */
async function sendDueCertificates(
	db: Db,
	{ now, origin }: { now: Date; origin: string },
): Promise<number> {
	let total = 0
	for (const event of certificateEvents()) {
		if (!ended(event, now)) continue
		const attendees = await attendeesOf(db, event.id)
		if (attendees.length === 0) continue
		const done = await certifiedMailboxes(db, event.id)
		const registered = new Map(
			(await registrantsOf(db, event)).map((row) => [mailboxOf(row.email).key, row]),
		)
		let written = 0
		for (const attendee of attendees) {
			const registration = registered.get(attendee.mailboxKey)
			if (done.has(attendee.mailboxKey) || !registration?.name) continue
			const issue = {
				event,
				email: registration.email,
				name: registration.name,
				locale: registration.locale,
				origin,
			}
			const id = await db.transaction((tx) => issueCertificate(tx, { ...issue, issuedBy: null }))
			if (id) written++
		}
		if (written > 0) log.info(`Certificates of ${event.id}: ${written} written`)
		total += written
	}
	return total
}

/** The certificates' periodic job (app/job-worker.server.ts); `now` is a test's own clock. */
export function certificateJob(db: Db, now: () => Date = () => new Date()): JobDefinition {
	return {
		kind: 'certificates.send',
		everySeconds: CERTIFICATES_EVERY_SECONDS,
		run: async () => {
			await sendDueCertificates(db, { now: now(), origin: siteOrigin() })
		},
	}
}

/** A valid certificate's public facts in `locale` (never the address), or null: unknown or withdrawn. */
export async function certificateFacts(db: Db, id: string, locale: Locale = DEFAULT_LOCALE) {
	const [row] = await db
		.select({
			name: certificates.name,
			eventId: certificates.eventId,
			withdrawnAt: certificates.withdrawnAt,
		})
		.from(certificates)
		.where(eq(certificates.id, id))
	const event = row && !row.withdrawnAt ? findEvent(row.eventId) : undefined
	if (!row || !event) return null
	return {
		name: row.name,
		title: event.title,
		date: formatEventDay(event, locale),
		hours: eventHours(event, locale),
	}
}
