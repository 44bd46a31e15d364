/**
 * A suite's own events in place of content/site's (whose dates pass, and which is the owner's):
 * `testEvent` makes one as the content build would, and `contentWithEvents` is the content
 * module with those events, for `vi.mock('~/content/site-content.server', …)`. The events are
 * read through `events()` at each call, so a test can change them as the owner changes content.
 *
 *   const fixture = await vi.hoisted(async () => {
 *     const { testEvent } = await import('../support/event-fixtures')
 *     return { events: [testEvent('a', 'workshop', start, end)] }
 *   })
 *   vi.mock('~/content/site-content.server', async (importOriginal) =>
 *     (await import('../support/event-fixtures')).contentWithEvents(() => fixture.events, importOriginal))
 */
import type { SiteEvent } from '~/content/site-content'
import type * as SiteContent from '~/content/site-content.server'

/**
 * An event of `kind` from `start` to `end` (UTC instants), online, with its own joining link; the
 * day with its pass rooms' too (decision 155).
 */
export function testEvent(
	id: string,
	kind: 'workshop' | 'day',
	start: string,
	end: string,
): SiteEvent {
	return {
		id,
		kind,
		title: kind === 'day' ? 'The test day' : 'The test workshop',
		description: 'Live.',
		start,
		end,
		timeZone: 'UTC',
		location: 'Online',
		joinUrl: `https://meet.example.com/${id}`,
		...(kind === 'day' ? { passJoinUrl: `https://rooms.example.com/${id}` } : {}),
		placeholder: false,
	}
}

/** The content module with `events()` as its events; the rest (the seller on an invoice) as it is. */
export async function contentWithEvents(
	events: () => SiteEvent[],
	importOriginal: <T>() => Promise<T>,
): Promise<typeof SiteContent> {
	return {
		...(await importOriginal<typeof SiteContent>()),
		findEvent: (id: string) => events().find((event) => event.id === id),
		eventsOf: (kind: string, { after }: { after?: Date } = {}) =>
			events().filter(
				(event) => event.kind === kind && (!after || Date.parse(event.end) > after.getTime()),
			),
		workshopTitle: () => 'The test workshop',
	}
}
