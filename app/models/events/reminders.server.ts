/**
 * Reminders of workshop sessions and the day event (issue 25, item 2; docs/decisions/116): the
 * day before and an hour before, to each person signed up for a workshop session (its leads), and
 * to each confirmed registrant of the day event and each holder of a day pass, each carrying that
 * person's signed joining link.
 *
 * The periodic job `reminders.send` runs every minute: for each event whose reminder window is
 * open now, it writes the reminder to each recipient who has none yet. Each is one transaction:
 * the `event_reminders` row, whose primary key (event, reminder, mailbox) is the database's
 * guarantee of once-only across restarts and app servers, and the outbox row with its delivery.
 * A second worker that reaches the same recipient conflicts on the key and sends nothing.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { SiteEvent } from '~/content/site-content'
import { eventsOf, findEvent } from '~/content/site-content.server'
import type { Db } from '~/db/client.server'
import { catalogItems, orders, passes } from '~/db/schema.server'
import { leads, outbox } from '~/db/schema-leads.server'
import {
	eventReminders,
	eventUpdateNotices,
	eventVersions,
	type Reminder,
} from '~/db/schema-reminders.server'
import { sendEmail, templates } from '~/integrations/email/index.server'
import { log } from '~/log.server'
import { mailboxOf } from '~/models/preferences/mailbox.server'
import {
	eventMailLinks,
	mayGetReminders,
	stoppedReminders,
} from '~/models/preferences/reminder-stops.server'
import { emailEvent, eventPagePath } from './calendar.server'
import { hasJoiningLink, joinLink } from './join-link.server'

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

export type Recipient = {
	email: string
	firstName: string | null
	/** When they were sent the event's calendar file: the confirmation, or the pass claimed. */
	since: Date
}

/**
 * Who is signed up for `event`: a workshop session's confirmed leads (docs/decisions/131), or the day event's confirmed
 * registrants and its pass holders (passes of paid orders, claimed). Erased leads are no one.
 * One per mailbox.
 */
export async function registrantsOf(db: Db, event: SiteEvent): Promise<Recipient[]> {
	const rows: Recipient[] = []
	const lead = {
		email: leads.email,
		firstName: leads.firstName,
		confirmationSentAt: leads.confirmationSentAt,
		createdAt: leads.createdAt,
	}
	const ofLeads = (found: { confirmationSentAt: Date | null; createdAt: Date }[]) =>
		found.map(({ confirmationSentAt, createdAt, ...row }) => ({
			...(row as { email: string; firstName: string | null }),
			since: confirmationSentAt ?? createdAt,
		}))
	if (event.kind === 'workshop')
		rows.push(
			...ofLeads(
				await db
					.select(lead)
					.from(leads)
					.where(
						and(
							eq(leads.list, 'workshop'),
							eq(leads.workshopSession, event.id),
							isNull(leads.erasedAt),
							// A place that counts for good: confirmed, or from before decision 131.
							isNull(leads.placeExpiresAt),
						),
					),
			),
		)
	if (event.kind === 'day') {
		rows.push(
			...ofLeads(
				await db
					.select(lead)
					.from(leads)
					.where(
						and(eq(leads.list, 'day_event'), isNotNull(leads.confirmedAt), isNull(leads.erasedAt)),
					),
			),
		)
		const holders = await db
			.select({
				email: passes.holderEmail,
				name: passes.holderName,
				claimedAt: passes.claimedAt,
				createdAt: passes.createdAt,
			})
			.from(passes)
			.innerJoin(orders, eq(orders.id, passes.orderId))
			.innerJoin(catalogItems, eq(catalogItems.code, passes.itemCode))
			.where(
				and(
					eq(orders.status, 'paid'),
					eq(catalogItems.type, 'pass'),
					isNotNull(passes.holderEmail),
				),
			)
		rows.push(
			...holders.map((row) => ({
				email: row.email!,
				firstName: row.name?.split(/\s+/)[0] ?? null,
				since: row.claimedAt ?? row.createdAt,
			})),
		)
	}
	const seen = new Set<string>()
	return rows.filter((row) => {
		const key = mailboxOf(row.email).key
		if (seen.has(key)) return false
		seen.add(key)
		return true
	})
}

/** Whether `email` is still signed up for `event` (the joining page asks before showing it). */
export async function isRegistered(db: Db, event: SiteEvent, email: string): Promise<boolean> {
	const key = mailboxOf(email).key
	return (await registrantsOf(db, event)).some((row) => mailboxOf(row.email).key === key)
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
			event: emailEvent(event, origin),
			joinUrl: joinLink(event, recipient.email, origin),
			pageUrl: `${origin}${eventPagePath(event)}`,
			unsubscribe: eventMailLinks(origin, recipient.email, event.id, false),
		}
		const queued = await sendEmail(tx, {
			to: recipient.email,
			...(await (reminder === 'day_before'
				? templates.reminderDayBefore(data)
				: templates.reminderHourBefore(data))),
			// Never delivered once the event has started (a mail server down until then).
			notAfter: new Date(event.start),
		})
		await tx.update(eventReminders).set({ outboxId: queued.id }).where(key)
		return true
	})
}

/** The mailboxes with a change notice of the event still waiting for the mail server. */
async function noticesOnTheirWay(db: Db, eventId: string): Promise<Set<string>> {
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
