/**
 * Reminders of workshop sessions and the day event (issue 25, item 2; docs/decisions/116): the
 * day before and an hour before, to each person signed up for a workshop session (its leads), and
 * to each confirmed registrant of the day event, each holder of a day pass and each buyer of a
 * pass not claimed yet (decision 155), each carrying that person's signed joining link (of their
 * access: the stream, or a pass's rooms) and, to a buyer, how many passes are left to hand out.
 *
 * The periodic job `reminders.send` runs every minute: for each event whose reminder window is
 * open now, it writes the reminder to each recipient who has none yet. Each is one transaction:
 * the `event_reminders` row, whose primary key (event, reminder, mailbox) is the database's
 * guarantee of once-only across restarts and app servers, and the outbox row with its delivery.
 * A second worker that reaches the same recipient conflicts on the key and sends nothing.
 */
import { and, eq, isNull } from 'drizzle-orm'
import type { SiteEvent } from '~/content/site-content'
import { eventsOf, findEvent } from '~/content/site-content.server'
import type { Db } from '~/db/client.server'
import { outbox } from '~/db/schema-leads.server'
import {
	eventReminders,
	eventUpdateNotices,
	eventVersions,
	type Reminder,
} from '~/db/schema-reminders.server'
import { eventTemplatesIn, sendEmail } from '~/integrations/email/index.server'
import { log } from '~/log.server'
import { mailboxOf } from '~/models/preferences/mailbox.server'
import {
	eventMailLinks,
	mayGetReminders,
	stoppedReminders,
} from '~/models/preferences/reminder-stops.server'
import { emailEvent, eventPageUrl } from './calendar.server'
import { hasJoiningLink, joinLink } from './join-link.server'
import { handOutLines, type Recipient, registrantsOf } from './registrants.server'

const HOUR = 3_600_000

/**
 * The reminder due for `event` at `now`, if any. The day-before reminder's window runs from 24
 * hours before the start to one hour before; the hour-before one's from then to the start. So a
 * server that was down for a window sends only the reminder still true (no "tomorrow" an hour
 * before), and nothing once the event has started.
 */
export function reminderDue(event: Pick<SiteEvent, 'start'>, now: Date): Reminder | null {
	const untilStart = Date.parse(event.start) - now.getTime()
	if (untilStart <= 0 || untilStart > 24 * HOUR) return null
	return untilStart > HOUR ? 'day_before' : 'hour_before'
}

/** The events people sign up for: every workshop session and the day event. */
export function eventsWithRegistrants(): SiteEvent[] {
	return [...eventsOf('workshop'), ...eventsOf('day')]
}

/** The events people get reminders of: those not cancelled. */
function remindedEvents(): SiteEvent[] {
	return eventsWithRegistrants().filter((event) => event.status !== 'cancelled')
}

/**
 * Writes one reminder, once: the row that claims it and the message, in one transaction. Null
 * when it was already written (by this worker before a crash, or another app server) or the
 * address unsubscribed meanwhile (then nothing is kept, so a resubscribed person still gets it).
 */
async function remindOnce(
	db: Db,
	event: SiteEvent,
	{ reminder, sequence }: { reminder: Reminder; sequence: number },
	recipient: Recipient,
	origin: string,
): Promise<boolean> {
	const key = and(
		eq(eventReminders.eventId, event.id),
		eq(eventReminders.sequence, sequence),
		eq(eventReminders.reminder, reminder),
		eq(eventReminders.mailboxKey, mailboxOf(recipient.email).key),
	)
	return db.transaction(async (tx) => {
		const [claimed] = await tx
			.insert(eventReminders)
			.values({
				eventId: event.id,
				sequence,
				reminder,
				mailboxKey: mailboxOf(recipient.email).key,
			})
			.onConflictDoNothing()
			.returning({ eventId: eventReminders.eventId })
		if (!claimed) return false
		// Stopped meanwhile (the page, or another e-mail's one-click link): nothing is kept, so
		// someone who resumes them still gets the reminder.
		if ((await stoppedReminders(tx, recipient.email)).has(event.id)) {
			await tx.delete(eventReminders).where(key)
			return false
		}
		const data = {
			firstName: recipient.firstName,
			// In the language they signed up in (decision 175): its words, dates and page.
			event: emailEvent(event, origin, recipient.locale),
			joinUrl: joinLink(event, recipient.email, origin, recipient.access),
			handOut: handOutLines(recipient, origin),
			pageUrl: eventPageUrl(event, origin, recipient.locale),
			unsubscribe: eventMailLinks(origin, recipient.email, event.id, false),
		}
		const messages = eventTemplatesIn(recipient.locale)
		const queued = await sendEmail(tx, {
			to: recipient.email,
			...(await (reminder === 'day_before'
				? messages.reminderDayBefore(data)
				: messages.reminderHourBefore(data))),
			// Never delivered once the event has started (a mail server down until then).
			notAfter: new Date(event.start),
		})
		await tx.update(eventReminders).set({ outboxId: queued.id }).where(key)
		return true
	})
}

/** The mailboxes with a change notice of the event still waiting for the mail server. */
export async function noticesOnTheirWay(db: Db, eventId: string): Promise<Set<string>> {
	const rows = await db
		.select({ key: eventUpdateNotices.mailboxKey })
		.from(eventUpdateNotices)
		.innerJoin(outbox, eq(outbox.id, eventUpdateNotices.outboxId))
		.where(
			and(
				eq(eventUpdateNotices.eventId, eventId),
				eq(outbox.transport, 'smtp'),
				isNull(outbox.sentAt),
				isNull(outbox.failedAt),
			),
		)
	return new Set(rows.map((row) => row.key))
}

/**
 * Writes every reminder due at `now` that has not been written: the periodic job's work, and the
 * tests' (with their own clock). Returns how many it wrote.
 */
export async function sendDueReminders(
	db: Db,
	{ now, origin }: { now: Date; origin: string },
): Promise<number> {
	let total = 0
	for (const event of remindedEvents()) {
		let written = 0
		const reminder = reminderDue(event, now)
		if (!reminder) continue
		// The reminder of the date as it is now: one sent before content moved it does not count
		// (the change notice promised reminders at the new time).
		const [version] = await db
			.select({ sequence: eventVersions.sequence })
			.from(eventVersions)
			.where(eq(eventVersions.eventId, event.id))
		const sequence = version?.sequence ?? 0
		// Not news (decision 149): only stopping this event's reminders, or an erasure, stops them.
		const recipients = await mayGetReminders(db, event.id, await registrantsOf(db, event))
		const already = new Set(
			(
				await db
					.select({ key: eventReminders.mailboxKey })
					.from(eventReminders)
					.where(
						and(
							eq(eventReminders.eventId, event.id),
							eq(eventReminders.sequence, sequence),
							eq(eventReminders.reminder, reminder),
						),
					)
			).map((row) => row.key),
		)
		const waiting = await noticesOnTheirWay(db, event.id)
		for (const recipient of recipients) {
			if (already.has(mailboxOf(recipient.email).key)) continue
			// Sent next turn, once the change notice that moved the date has gone out before it.
			if (waiting.has(mailboxOf(recipient.email).key)) continue
			if (await remindOnce(db, event, { reminder, sequence }, recipient, origin)) written++
		}
		if (written > 0) log.info(`Reminders (${reminder}) of ${event.id}: ${written} written`)
		total += written
	}
	return total
}

/** The event a joining link names, if it is one people get reminders of. */
export function remindedEvent(id: string): SiteEvent | undefined {
	const event = findEvent(id)
	return event && hasJoiningLink(event) ? event : undefined
}
