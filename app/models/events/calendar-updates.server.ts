/**
 * Calendar files that stay true (issue 25, item 3; docs/decisions/117). Registrants of a workshop
 * session or the day event got its calendar file (UID `{id}@{host}`, SEQUENCE 0). When the owner
 * changes the event's date, time, title, place or state in content, the periodic job
 * `calendar.sync` finds it different from what was last sent (`event_versions`), raises its
 * SEQUENCE once (one app server wins the update), and sends each registrant who had the earlier
 * file an update (METHOD:REQUEST) or, for a cancelled event, a cancellation (METHOD:CANCEL),
 * each once (`event_update_notices`). The public file carries the same SEQUENCE.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { SiteEvent } from '~/content/site-content'
import type { Db } from '~/db/client.server'
import { eventUpdateNotices, eventVersions } from '~/db/schema-reminders.server'
import { sendEmail, templates } from '~/integrations/email/index.server'
import type { JobDefinition } from '~/jobs/run.server'
import { log } from '~/log.server'
import { mailboxOf } from '~/models/preferences/mailbox.server'
import { isUnsubscribed, unsubscribeLinks } from '~/models/preferences/preferences.server'
import { siteOrigin } from '~/site-origin.server'
import {
	type CalendarMethod,
	calendarFileName,
	calendarStatus,
	emailEvent,
	eventCalendarFile,
	eventPagePath,
} from './calendar.server'
import { hasJoiningLink, joinLink } from './join-link.server'
import { eventsWithRegistrants, type Recipient, registrantsOf } from './reminders.server'

/** What a calendar entry shows of the event: a change to any of it is an update. */
function fingerprintOf(event: SiteEvent): string {
	return JSON.stringify([
		event.start,
		event.end,
		event.title,
		event.location,
		calendarStatus(event),
	])
}

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
		.set({ sequence: known.sequence + 1, fingerprint, changedAt: sql`now()` })
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
 * in one transaction. Sent to an unsubscribed address too (it did not unregister), saying so.
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
		event: emailEvent(event, origin),
		pageUrl: `${origin}${eventPagePath(event)}`,
		unsubscribe: unsubscribeLinks(
			origin,
			recipient.email,
			await isUnsubscribed(db, recipient.email),
		),
	}
	const content = await (cancelled ? templates.eventCancelled(data) : templates.eventChanged(data))
	const calendar = eventCalendarFile(event, {
		origin,
		sequence,
		method,
		joinLink:
			!cancelled && hasJoiningLink(event) ? joinLink(event, recipient.email, origin) : undefined,
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

/**
 * Compares every event people sign up for with what their calendars were told, and tells each
 * registrant who had an earlier file of a change, once. Events over by `now` are left alone.
 * Returns how many messages it wrote. Resumes after a crash: a version's notices are looked for
 * on every run, not only on the run that raised it.
 */
export async function syncCalendars(
	db: Db,
	{ now, origin }: { now: Date; origin: string },
): Promise<number> {
	let written = 0
	for (const event of eventsWithRegistrants()) {
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
		// Those who signed up after the change got the file as it is now with their confirmation.
		const due = (await registrantsOf(db, event)).filter(
			(recipient) =>
				recipient.since < version.changedAt && !told.has(mailboxOf(recipient.email).key),
		)
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
