/**
 * Who attended an event (issue 38 item 3, docs/decisions/172): a person's signed joining link
 * opened during the event records their attendance, once per mailbox (the table's key, so two
 * opens at once record one row). Opened earlier or later it records nothing. The owner records
 * someone who joined another way (by phone) when issuing their certificate (`issue.server.ts`).
 */
import { asc, eq } from 'drizzle-orm'
import type { SiteEvent } from '~/content/site-content'
import type { Db } from '~/db/client.server'
import type { Tx } from '~/db/query.server'
import { eventAttendance } from '~/db/schema-certificates.server'
import { mailboxOf } from '~/models/preferences/mailbox.server'

/**
 * Attendance counts from half an hour before the start: rooms open early and people join
 * early; the reminder an hour before (decision 116) brings people to check their link, which is
 * not attending. It ends with the event: a link opened afterwards is a look back.
 */
export const ATTENDANCE_OPENS_BEFORE_MS = 30 * 60_000

/** Whether a joining link opened at `now` counts as attending `event`. */
export function duringAttendance(event: Pick<SiteEvent, 'start' | 'end'>, now: Date): boolean {
	const at = now.getTime()
	return Date.parse(event.start) - ATTENDANCE_OPENS_BEFORE_MS <= at && at < Date.parse(event.end)
}

/**
 * Records that `email` (signed up, the joining page checked) opened their joining link of
 * `event` at `now`: once, and only during the event. True when this open recorded it.
 */
export async function recordAttendance(
	db: Db,
	event: SiteEvent,
	email: string,
	now = new Date(),
): Promise<boolean> {
	if (event.status === 'cancelled' || !duringAttendance(event, now)) return false
	const [row] = await db
		.insert(eventAttendance)
		.values({ eventId: event.id, mailboxKey: mailboxOf(email).key, email, source: 'link' })
		.onConflictDoNothing()
		.returning({ eventId: eventAttendance.eventId })
	return row !== undefined
}

/** The owner's word that `email` attended (they joined by phone): a row if there was none. */
export async function recordAttendanceByOwner(
	tx: Tx | Db,
	{ eventId, email, actor }: { eventId: string; email: string; actor: string },
): Promise<void> {
	await tx
		.insert(eventAttendance)
		.values({
			eventId,
			mailboxKey: mailboxOf(email).key,
			email,
			source: 'owner',
			recordedBy: actor,
		})
		.onConflictDoNothing()
}

/** Everyone recorded as attending `eventId`, in the order they were recorded. */
export function attendeesOf(db: Db, eventId: string) {
	return db
		.select()
		.from(eventAttendance)
		.where(eq(eventAttendance.eventId, eventId))
		.orderBy(asc(eventAttendance.recordedAt))
}
