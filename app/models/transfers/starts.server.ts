/**
 * A transfer's due date for what it buys (docs/decisions/170): BANK_TRANSFER_DAYS on, but not
 * past the day before it starts — the next day event for a pass; the course's release date in
 * content for a seat, while the course is not open yet and the date is not provisional.
 */
import { eq } from 'drizzle-orm'
import { ownerTimeZone } from '~/content/owner-zone.server'
import { eventsOf, findEvent } from '~/content/site-content.server'
import type { Db } from '~/db/client.server'
import type { Tx } from '~/db/query.server'
import { catalogItems, courses } from '~/db/schema.server'
import { courseIsOpen } from '~/domain/course-status'
import { type DueDate, dueDateOf } from '~/domain/transfers/due'
import { eventKindOf } from '~/models/events/calendar.server'

/** When `itemCode` starts, or null when nothing starts later (an open course, a provisional date). */
async function startOfWhatIsBought(db: Db | Tx, itemCode: string, now: Date): Promise<Date | null> {
	const [item] = await db
		.select({ type: catalogItems.type, courseStatus: courses.status })
		.from(catalogItems)
		.leftJoin(courses, eq(courses.slug, catalogItems.courseSlug))
		.where(eq(catalogItems.code, itemCode))
	if (!item) return null
	const event =
		eventKindOf(item.type) === 'day'
			? eventsOf('day', { after: now })[0]
			: courseIsOpen(item.courseStatus)
				? undefined
				: findEvent('course-release')
	if (!event || event.placeholder) return null
	const start = new Date(event.start)
	return start.getTime() > now.getTime() ? start : null
}

/** The due date a transfer of `itemCode` chosen `now` gets: the form says it, the choice sets it. */
export async function transferDueDate(
	db: Db | Tx,
	itemCode: string,
	days: number,
	now = new Date(),
): Promise<DueDate> {
	return dueDateOf(now, days, ownerTimeZone(), await startOfWhatIsBought(db, itemCode, now))
}
