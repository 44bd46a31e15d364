import type { LoaderFunctionArgs } from '@remix-run/node'
import { findEvent } from '~/content/site-content.server'
import { getDb } from '~/db/client.server'
import { log } from '~/log.server'
import { calendarFileName, eventCalendarFile } from '~/models/events/calendar.server'
import { calendarSequence } from '~/models/events/calendar-updates.server'
import { requireFound } from '~/utils/responses'

/** The file's SEQUENCE (docs/decisions/117); 0 when the database cannot say, as before any change. */
async function sequenceOf(id: string): Promise<number> {
	try {
		return await calendarSequence(await getDb(), id)
	} catch (error) {
		log.error({ err: error }, 'Calendar sequence could not be read')
		return 0
	}
}

/**
 * GET /calendar/{event id}.ics: the event's iCalendar file (docs/decisions/086). Any other name
 * is a 404, like an unknown page.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
	const file = params.file ?? ''
	const id = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : ''
	const event = requireFound(id ? findEvent(id) : undefined, `/calendar/${file}`)
	const sequence = await sequenceOf(event.id)
	return new Response(eventCalendarFile(event, { origin: context.origin, sequence }), {
		headers: {
			'Content-Type': 'text/calendar; charset=utf-8',
			'Content-Disposition': `attachment; filename="${calendarFileName(event)}"`,
			// Events move rarely, and a moved one must reach people soon.
			'Cache-Control': 'public, max-age=300',
		},
	})
}
