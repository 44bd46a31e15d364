/**
 * Passes not handed out (docs/decisions/155). Until a pass is claimed, its buyer gets what its
 * holder would: the reminders, the change notices and a joining link of the pass's kind, each
 * saying how many passes are left to hand out and where their links are (registrants.server.ts'
 * `handOutLines`). And,
 * a week and two days before the day, a reminder of its own to each buyer with passes not
 * claimed (`sendHandOutReminders`, run by the reminders' periodic job): once per buyer, event
 * version and reminder, by the key of `event_reminders`, in the transaction of its outbox row.
 * None once every pass is claimed; the day-before reminder says it again a day before.
 */
import { and, eq } from 'drizzle-orm'
import type { SiteEvent } from '~/content/site-content'
import { eventsOf } from '~/content/site-content.server'
import type { Db } from '~/db/client.server'
import { eventReminders, eventVersions, type Reminder } from '~/db/schema-reminders.server'
import type { Locale } from '~/domain/locale'
import { eventTemplatesIn, sendEmail } from '~/integrations/email/index.server'
import { log } from '~/log.server'
import { mailboxOf } from '~/models/preferences/mailbox.server'
import {
	eventMailLinks,
	mayGetReminders,
	stoppedReminders,
} from '~/models/preferences/reminder-stops.server'
import { emailEvent, eventPageUrl } from './calendar.server'
import { handOutLines, type Recipient, registrantsOf } from './registrants.server'
import { noticesOnTheirWay } from './reminders.server'

const DAY = 24 * 3_600_000

type HandOutReminder = Extract<Reminder, 'hand_out_week' | 'hand_out_days'>

/** How long until the day, as each reminder says it in its buyer's language (decision 177). */
const IN_HOW_LONG: Record<Locale, Record<HandOutReminder, string>> = {
	'en-US': { hand_out_week: 'a week', hand_out_days: 'two days' },
	'de-DE': { hand_out_week: 'eine Woche', hand_out_days: 'zwei Tage' },
}

/**
 * The hand-out reminder due at `now`: the week's from 7 days before the start until 2 days
 * before, then the two days' until a day before, when the day-before reminder (which says it
 * too) takes over. A server down through a window sends only the one still true.
 */
export function handOutDue(
	event: Pick<SiteEvent, 'start'>,
	now: Date,
): { reminder: HandOutReminder } | null {
	const untilStart = Date.parse(event.start) - now.getTime()
	if (untilStart <= DAY || untilStart > 7 * DAY) return null
	return { reminder: untilStart > 2 * DAY ? 'hand_out_week' : 'hand_out_days' }
}

async function handOutOnce(
	db: Db,
	event: SiteEvent,
	due: { reminder: HandOutReminder; sequence: number },
	recipient: Recipient,
	origin: string,
): Promise<boolean> {
	const mailboxKey = mailboxOf(recipient.email).key
	const key = and(
		eq(eventReminders.eventId, event.id),
		eq(eventReminders.sequence, due.sequence),
		eq(eventReminders.reminder, due.reminder),
		eq(eventReminders.mailboxKey, mailboxKey),
	)
	// In the language the buyer bought in (decision 177), as the day's other reminders are.
	const content = await eventTemplatesIn(recipient.locale).passHandOutReminder({
		firstName: recipient.firstName,
		event: emailEvent(event, origin, recipient.locale),
		inHowLong: IN_HOW_LONG[recipient.locale][due.reminder],
		handOut: handOutLines(recipient, origin),
		pageUrl: eventPageUrl(event, origin, recipient.locale),
		unsubscribe: eventMailLinks(origin, recipient.email, event.id, false),
	})
	return db.transaction(async (tx) => {
		const [claimed] = await tx
			.insert(eventReminders)
			.values({ eventId: event.id, sequence: due.sequence, reminder: due.reminder, mailboxKey })
			.onConflictDoNothing()
			.returning({ eventId: eventReminders.eventId })
		if (!claimed) return false
		// Stopped meanwhile: nothing kept, as with the other reminders.
		if ((await stoppedReminders(tx, recipient.email)).has(event.id)) {
			await tx.delete(eventReminders).where(key)
			return false
		}
		const queued = await sendEmail(tx, {
			to: recipient.email,
			...content,
			notAfter: new Date(event.start),
		})
		await tx.update(eventReminders).set({ outboxId: queued.id }).where(key)
		return true
	})
}

/** Writes each hand-out reminder due at `now` not written yet; returns how many it wrote. */
export async function sendHandOutReminders(
	db: Db,
	{ now, origin }: { now: Date; origin: string },
): Promise<number> {
	let written = 0
	for (const event of eventsOf('day')) {
		const due = event.status === 'cancelled' ? null : handOutDue(event, now)
		if (!due) continue
		// Of the date as it is now: a date moved since asks again (decision 149).
		const [version] = await db
			.select({ sequence: eventVersions.sequence })
			.from(eventVersions)
			.where(eq(eventVersions.eventId, event.id))
		const sequence = version?.sequence ?? 0
		const buyers = (await registrantsOf(db, event)).filter((row) => row.handOut.length > 0)
		// As with the reminders: a change notice still on its way goes first (decision 149).
		const waiting = await noticesOnTheirWay(db, event.id)
		for (const buyer of await mayGetReminders(db, event.id, buyers)) {
			if (waiting.has(mailboxOf(buyer.email).key)) continue
			if (await handOutOnce(db, event, { ...due, sequence }, buyer, origin)) written++
		}
	}
	if (written > 0) log.info(`Hand-out reminders: ${written} written`)
	return written
}
