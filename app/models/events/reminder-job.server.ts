/**
 * The reminders' periodic job, `reminders.send` (docs/decisions/116, 149): reminders.server.ts
 * writes them, after calendar-updates.server.ts has told people of a change to the events about
 * to be reminded of, so a reminder of a moved date never comes before its notice; then the
 * reminders to hand out passes not claimed (hand-out.server.ts, decision 155).
 */
import type { Db } from '~/db/client.server'
import type { JobDefinition } from '~/jobs/run.server'
import { siteOrigin } from '~/site-origin.server'
import { syncCalendars } from './calendar-updates.server'
import { handOutDue, sendHandOutReminders } from './hand-out.server'
import { reminderDue, sendDueReminders } from './reminders.server'

/** How often the job looks for due reminders: an "hour before" goes out within this of it. */
const REMINDER_EVERY_SECONDS = 60

/**
 * The reminders' periodic job (app/job-worker.server.ts; reminders.server.ts writes them). It
 * first tells people of a change to each event it is about to remind of: a reminder for a moved
 * date never comes before the notice that moved it, whichever job an app server runs first.
 * `now` is the clock, a test's own in tests.
 */
export function eventReminderJob(db: Db, now: () => Date = () => new Date()): JobDefinition {
	return {
		kind: 'reminders.send',
		everySeconds: REMINDER_EVERY_SECONDS,
		run: async () => {
			const at = now()
			const origin = siteOrigin()
			await syncCalendars(db, {
				now: at,
				origin,
				only: (event) =>
					event.status !== 'cancelled' &&
					(reminderDue(event, at) !== null ||
						(event.kind === 'day' && handOutDue(event, at) !== null)),
			})
			await sendDueReminders(db, { now: at, origin })
			// A week and two days before the day, to buyers of passes not claimed (decision 155).
			await sendHandOutReminders(db, { now: at, origin })
		},
	}
}
