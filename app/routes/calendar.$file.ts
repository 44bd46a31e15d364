import type { LoaderFunctionArgs } from '@remix-run/node'
import { findEvent } from '~/content/site-content.server'
import { calendarFileName, eventCalendarFile } from '~/models/calendar.server'
import { requireFound } from '~/utils/responses'

/**
 * GET /calendar/{event id}.ics: the event's iCalendar file (docs/decisions/086). Any other name
 * is a 404, like an unknown page.
 */
export function loader({ params, context }: LoaderFunctionArgs) {
	const file = params.file ?? ''
	const id = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : ''
	const event = requireFound(id ? findEvent(id) : undefined, `/calendar/${file}`)
	return new Response(eventCalendarFile(event, { origin: context.origin }), {
		headers: {
			'Content-Type': 'text/calendar; charset=utf-8',
			'Content-Disposition': `attachment; filename="${calendarFileName(event)}"`,
			// Events move rarely, and a moved one must reach people soon.
			'Cache-Control': 'public, max-age=300',
		},
	})
}
