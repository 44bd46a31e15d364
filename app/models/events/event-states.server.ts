import { inArray } from 'drizzle-orm'
import type { SiteEvent } from '~/content/site-content'
import type { Db } from '~/db/client.server'
import { eventVersions } from '~/db/schema-reminders.server'
import type { EventState } from '~/domain/structured-data'

/**
 * Where each event stands for search engines (decision 169): cancelled in content, rescheduled
 * once registrants were told of a new start (with the one it had), scheduled otherwise.
 */
export async function eventStates(
	db: Db,
	events: readonly SiteEvent[],
): Promise<Map<string, EventState>> {
	const ids = events.map((event) => event.id)
	const moved =
		ids.length === 0
			? []
			: await db
					.select({ eventId: eventVersions.eventId, previousStart: eventVersions.previousStart })
					.from(eventVersions)
					.where(inArray(eventVersions.eventId, ids))
	const previous = new Map(moved.map((row) => [row.eventId, row.previousStart]))
	return new Map(
		events.map((event): [string, EventState] => {
			if (event.status === 'cancelled') return [event.id, { status: 'cancelled' }]
			const previousStart = previous.get(event.id)
			return [
				event.id,
				previousStart && previousStart !== event.start
					? { status: 'rescheduled', previousStart }
					: { status: 'scheduled' },
			]
		}),
	)
}
