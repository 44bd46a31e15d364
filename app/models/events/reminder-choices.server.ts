/**
 * What the e-mail preferences page shows of a person's events (docs/decisions/149): each event
 * to come that the address is signed up for, or whose reminders it stopped, and whether its
 * reminders come. News is the other half of the page (preferences.server.ts).
 */
import type { Db } from '~/db/client.server'
import { formatEventWhen } from '~/domain/dates'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { stoppedReminders } from '~/models/preferences/reminder-stops.server'
import { isRegistered } from './registrants.server'
import { eventsWithRegistrants } from './reminders.server'

export type ReminderChoice = { eventId: string; title: string; when: string; stopped: boolean }

/** The choices of `email`, their dates in `locale` (the page's language, decision 178). */
export async function reminderChoices(
	db: Db,
	email: string,
	now: Date,
	locale: Locale = DEFAULT_LOCALE,
): Promise<ReminderChoice[]> {
	const stopped = await stoppedReminders(db, email)
	const choices: ReminderChoice[] = []
	for (const event of eventsWithRegistrants()) {
		if (event.status === 'cancelled' || Date.parse(event.end) <= now.getTime()) continue
		if (!stopped.has(event.id) && !(await isRegistered(db, event, email))) continue
		choices.push({
			eventId: event.id,
			title: event.title,
			// As its e-mails say it: one formatter for pages and e-mails.
			when: formatEventWhen(event, event.timeZone, locale),
			stopped: stopped.has(event.id),
		})
	}
	return choices
}
