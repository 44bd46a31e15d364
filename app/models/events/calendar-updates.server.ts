/**
 * Calendar files that stay true (issue 25, item 3; docs/decisions/117). Registrants of a workshop
 * session or the day event got its calendar file (UID `{id}@{host}`, SEQUENCE 0). When the owner
 * changes the event's date, time, title, place or state in content, the periodic job
 * `calendar.sync` finds it different from what was last sent (`event_versions`), raises its
 * SEQUENCE once (one app server wins the update), and sends each registrant who had the earlier
 * file an update (METHOD:REQUEST) or, for a cancelled event, a cancellation (METHOD:CANCEL),
 * each once (`event_update_notices`). The public file carries the same SEQUENCE.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { SiteEvent } from '~/content/site-content'
import type { Db } from '~/db/client.server'
import { outbox } from '~/db/schema-leads.server'
import { eventUpdateNotices, eventVersions } from '~/db/schema-reminders.server'
import { foldEmail } from '~/domain/email-address'
import type { EmailAttachment } from '~/domain/email-attachment'
import { eventTemplatesIn, sendEmail } from '~/integrations/email/index.server'
import type { JobDefinition } from '~/jobs/run.server'
import { log } from '~/log.server'
import { mailboxOf } from '~/models/preferences/mailbox.server'
import { eventMailLinks, stoppedReminders } from '~/models/preferences/reminder-stops.server'
import { siteOrigin } from '~/site-origin.server'
import {
	type CalendarMethod,
	calendarFileName,
	calendarStatus,
	emailEvent,
	eventCalendarFile,
	eventPageUrl,
} from './calendar.server'
import { hasJoiningLink, joinLink } from './join-link.server'
import { handOutLines, type Recipient, registrantsOf } from './registrants.server'
import { eventsWithRegistrants } from './reminders.server'

/** What a calendar entry shows of the event: a change to any of it is an update. */
function fingerprintOf(event: SiteEvent): string {
	// The start comes first: startOf reads it back.
	return JSON.stringify([
		event.start,
		event.end,
		event.title,
		event.location,
		calendarStatus(event),
	])
}

/** The start a fingerprint recorded. */
const startOf = (fingerprint: string): string => (JSON.parse(fingerprint) as string[])[0]!

/** The SEQUENCE of the event's calendar file now: 0 until content changed it. */
export async function calendarSequence(db: Db, eventId: string): Promise<number> {
	const [row] = await db
		.select({ sequence: eventVersions.sequence })
		.from(eventVersions)
		.where(eq(eventVersions.eventId, eventId))
	return row?.sequence ?? 0
}

type Version = { sequence: number; changedAt: Date }

/**
 * The event's version as registrants' calendars should know it: recorded at 0 the first time it
 * is seen, raised by one when content differs from what was last sent. Two app servers at once
 * raise it once: the update is conditional on the fingerprint it read.
 */
async function currentVersion(db: Db, event: SiteEvent): Promise<Version> {
	const fingerprint = fingerprintOf(event)
	const [known] = await db.select().from(eventVersions).where(eq(eventVersions.eventId, event.id))
	if (!known) {
		await db.insert(eventVersions).values({ eventId: event.id, fingerprint }).onConflictDoNothing()
		return calendarVersionRow(db, event.id)
	}
	if (known.fingerprint === fingerprint) return known
	await db
		.update(eventVersions)
		.set({
			sequence: known.sequence + 1,
			fingerprint,
			changedAt: sql`now()`,
			// A moved date keeps the one it had (search engines: EventRescheduled, decision 169).
			previousStart:
				startOf(known.fingerprint) === event.start
					? known.previousStart
					: startOf(known.fingerprint),
		})
		.where(
			and(eq(eventVersions.eventId, event.id), eq(eventVersions.fingerprint, known.fingerprint)),
		)
	const now = await calendarVersionRow(db, event.id)
	log.info(`Calendar of ${event.id}: now SEQUENCE ${now.sequence} (${calendarStatus(event)})`)
	return now
}

async function calendarVersionRow(db: Db, eventId: string): Promise<Version> {
	const [row] = await db.select().from(eventVersions).where(eq(eventVersions.eventId, eventId))
	return row!
}

/**
 * Tells one registrant of version `sequence` of the event, once: the notice row and the message
 * in one transaction. Not news: it reaches an address unsubscribed from news (decision 149).
 */
async function noticeOnce(
	db: Db,
	event: SiteEvent,
	sequence: number,
	recipient: Recipient,
	origin: string,
): Promise<boolean> {
	const cancelled = event.status === 'cancelled'
	const method: CalendarMethod = cancelled ? 'CANCEL' : 'REQUEST'
	const data = {
		firstName: recipient.firstName,
		event: emailEvent(event, origin, recipient.locale),
		pageUrl: eventPageUrl(event, origin, recipient.locale),
		handOut: handOutLines(recipient, origin),
		// Its promise of reminders, and its links, follow this person's choice for this event.
		unsubscribe: eventMailLinks(
			origin,
			recipient.email,
			event.id,
			(await stoppedReminders(db, recipient.email)).has(event.id),
		),
	}
	const messages = eventTemplatesIn(recipient.locale) // The language signed up in (decision 175).
	const content = await (cancelled ? messages.eventCancelled(data) : messages.eventChanged(data))
	const calendar = eventCalendarFile(event, {
		origin,
		sequence,
		method,
		joinLink:
			!cancelled && hasJoiningLink(event)
				? joinLink(event, recipient.email, origin, recipient.access)
				: undefined,
	})
	return db.transaction(async (tx) => {
		const key = { eventId: event.id, sequence, mailboxKey: mailboxOf(recipient.email).key }
		const [claimed] = await tx
			.insert(eventUpdateNotices)
			.values(key)
			.onConflictDoNothing()
			.returning({ eventId: eventUpdateNotices.eventId })
		if (!claimed) return false
		const queued = await sendEmail(tx, {
			to: recipient.email,
			...content,
			attachments: [
				{
					filename: calendarFileName(event),
					contentType: `text/calendar; charset=utf-8; method=${method}`,
					content: calendar,
				},
			],
		})
		await tx
			.update(eventUpdateNotices)
			.set({ outboxId: queued.id })
			.where(
				and(
					eq(eventUpdateNotices.eventId, key.eventId),
					eq(eventUpdateNotices.sequence, key.sequence),
					eq(eventUpdateNotices.mailboxKey, key.mailboxKey),
				),
			)
		return true
	})
}

/** What a calendar file says of its event: all of it but when and how it was sent. */
function eventLines(ics: string): string {
	return ics
		.replace(/\r\n[ \t]/g, '')
		.split('\r\n')
		.filter((entry) => !/^(DTSTAMP|SEQUENCE|METHOD|ORGANIZER)[:;]/.test(entry))
		.join('\n')
}

/**
 * The mailboxes among `recipients` whose last calendar file of `event` (in the outbox: their
 * confirmation, a pass's, an earlier notice) already shows it as it is now, and those that got
 * none at all. A person who signed up after content moved the date, but before this job saw it,
 * got the new date: "had the old date" is what their file said, not when they signed up.
 */
async function calendarsSent(
	db: Db,
	event: SiteEvent,
	recipients: Recipient[],
	origin: string,
): Promise<{ current: Set<string>; sent: Set<string> }> {
	const current = new Set<string>()
	const sent = new Set<string>()
	if (recipients.length === 0) return { current, sent }
	const byAddress = new Map(
		recipients.map((recipient) => [foldEmail(recipient.email), recipient] as const),
	)
	const filename = calendarFileName(event)
	const rows = await db
		.select({ to: outbox.toAddress, attachments: outbox.attachments })
		.from(outbox)
		.where(
			and(
				inArray(outbox.toAddress, [...byAddress.keys()]),
				sql`${outbox.attachments} @> ${JSON.stringify([{ filename }])}::jsonb`,
			),
		)
		.orderBy(asc(outbox.id))
	const now = eventLines(eventCalendarFile(event, { origin }))
	for (const row of rows) {
		const recipient = byAddress.get(foldEmail(row.to))
		const file = (row.attachments as EmailAttachment[] | null)?.find(
			(attachment) => attachment.filename === filename,
		)
		if (!recipient || !file) continue
		const key = mailboxOf(recipient.email).key
		sent.add(key)
		const lines = eventLines(file.content)
		const theirs = hasJoiningLink(event)
			? eventLines(
					eventCalendarFile(event, {
						origin,
						joinLink: joinLink(event, recipient.email, origin, recipient.access),
					}),
				)
			: now
		// The last file decides: a later one replaces what an earlier one said.
		if (lines === theirs || lines === now) current.add(key)
		else current.delete(key)
	}
	return { current, sent }
}

/**
 * Compares every event people sign up for with what their calendars were told, and tells each
 * registrant who had an earlier file of a change, once. Events over by `now` are left alone.
 * Returns how many messages it wrote. Resumes after a crash: a version's notices are looked for
 * on every run, not only on the run that raised it.
 */
export async function syncCalendars(
	db: Db,
	{
		now,
		origin,
		only = () => true,
	}: { now: Date; origin: string; only?: (event: SiteEvent) => boolean },
): Promise<number> {
	let written = 0
	for (const event of eventsWithRegistrants().filter(only)) {
		if (Date.parse(event.end) <= now.getTime()) continue
		const version = await currentVersion(db, event)
		if (version.sequence === 0) continue
		const told = new Set(
			(
				await db
					.select({ key: eventUpdateNotices.mailboxKey })
					.from(eventUpdateNotices)
					.where(
						and(
							eq(eventUpdateNotices.eventId, event.id),
							eq(eventUpdateNotices.sequence, version.sequence),
						),
					)
			).map((row) => row.key),
		)
		const untold = (await registrantsOf(db, event)).filter(
			(recipient) => !told.has(mailboxOf(recipient.email).key),
		)
		const { current, sent } = await calendarsSent(db, event, untold, origin)
		// Who had the old date: their last file says so; with no file kept, who signed up before
		// the change was seen. Those already current are marked told, so they are looked up once.
		const due: Recipient[] = []
		for (const recipient of untold) {
			const key = mailboxOf(recipient.email).key
			if (sent.has(key) ? !current.has(key) : recipient.since < version.changedAt)
				due.push(recipient)
			else if (current.has(key))
				await db
					.insert(eventUpdateNotices)
					.values({ eventId: event.id, sequence: version.sequence, mailboxKey: key })
					.onConflictDoNothing()
		}
		for (const recipient of due)
			if (await noticeOnce(db, event, version.sequence, recipient, origin)) written++
	}
	if (written > 0) log.info(`Calendar updates: ${written} written`)
	return written
}

/** How often content is compared with what calendars were told (also soon after each start). */
const SYNC_EVERY_SECONDS = 300

/** The periodic job (app/job-worker.server.ts); `now` is the clock, a test's own in tests. */
export function calendarSyncJob(db: Db, now: () => Date = () => new Date()): JobDefinition {
	return {
		kind: 'calendar.sync',
		everySeconds: SYNC_EVERY_SECONDS,
		run: async () => {
			await syncCalendars(db, { now: now(), origin: siteOrigin() })
		},
	}
}
