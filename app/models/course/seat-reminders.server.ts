/**
 * Reminders to hand out unclaimed course seats (issue 36 item 13, docs/decisions/156). A buyer
 * of several seats hands each teammate a link; a seat nobody claims leaves its person without
 * the course. So each paid course order with seats still unclaimed gets one reminder
 * `BEFORE_DAYS` before the course's release date (not provisional, not yet open), and one
 * `AFTER_DAYS` after the opening if seats are still unclaimed; an order whose seats are all
 * claimed gets none. An order paid less than `GRACE_DAYS` ago is left alone: its receipt (or its
 * access e-mail) just gave the links. Each reminder is sent once, by its row in
 * `seat_handout_reminders` (order and moment), written with its outbox row in one transaction, so
 * a second app server or a rerun sends nothing. Run by the course's periodic check (opening.server.ts).
 */
import { and, eq } from 'drizzle-orm'
import type { SiteEvent } from '~/content/site-content'
import type { Db } from '~/db/client.server'
import { type SeatHandOutReminder, seatHandOutReminders } from '~/db/schema-course.server'
import type { Locale } from '~/domain/locale'
import { orderTemplates, sendEmail } from '~/integrations/email/index.server'
import { log } from '~/log.server'
import { emailEvent } from '~/models/events/calendar.server'
import { orderPageUrl } from '~/models/links/order-link.server'
import { siteOrigin } from '~/site-origin.server'
import { courseSeatOrders } from './seat-access.server'

const DAY_MS = 86_400_000
/** How long before the release date the buyers of unclaimed seats are reminded. */
const BEFORE_DAYS = 7
/** How long after the opening they are reminded again, if seats are still unclaimed. */
const AFTER_DAYS = 7
/** An order younger than this is not reminded yet: its links have just been sent. */
const GRACE_DAYS = 2

/** Which reminder is due now, if any: before the opening, or after it. */
function dueReminder({
	release,
	openedAt,
	now,
}: {
	release: SiteEvent | null
	openedAt: Date | null
	now: Date
}): SeatHandOutReminder | null {
	if (openedAt)
		return now.getTime() - openedAt.getTime() >= AFTER_DAYS * DAY_MS ? 'after_opening' : null
	if (!release || release.placeholder) return null
	const start = Date.parse(release.start)
	return start > now.getTime() && start - now.getTime() <= BEFORE_DAYS * DAY_MS
		? 'before_opening'
		: null
}

/** Writes each due reminder once; returns how many were written by this call. */
export async function remindToHandOutSeats(
	db: Db,
	moment: { release: SiteEvent | null; openedAt: Date | null; now: Date },
): Promise<number> {
	const reminder = dueReminder(moment)
	if (!reminder) return 0
	const origin = siteOrigin()
	const release = reminder === 'before_opening' ? moment.release : undefined
	const opensWhen = release
		? (locale: Locale) => {
				const { when, zoneName } = emailEvent(release, origin, locale)
				return `${locale === 'de-DE' ? 'am' : 'on'} ${when} (${zoneName})`
			}
		: null
	const done = new Set(
		(
			await db
				.select({ orderId: seatHandOutReminders.orderId })
				.from(seatHandOutReminders)
				.where(eq(seatHandOutReminders.reminder, reminder))
		).map((row) => row.orderId),
	)
	const due = (await courseSeatOrders(db)).filter(
		(order) =>
			order.unclaimed > 0 &&
			!done.has(order.orderId) &&
			order.paidAt !== null &&
			moment.now.getTime() - order.paidAt.getTime() >= GRACE_DAYS * DAY_MS,
	)
	let written = 0
	for (const order of due) {
		// In the order's language (decision 174), the opening's date too.
		const content = await orderTemplates(order.locale).seatHandOutReminder({
			name: order.name,
			seats: order.unclaimed,
			url: orderPageUrl(origin, order.orderId, order.locale),
			opensWhen: opensWhen?.(order.locale) ?? null,
			siteUrl: origin,
		})
		const sent = await db.transaction(async (tx) => {
			const [row] = await tx
				.insert(seatHandOutReminders)
				.values({ orderId: order.orderId, reminder })
				.onConflictDoNothing()
				.returning({ orderId: seatHandOutReminders.orderId })
			if (!row) return false
			const queued = await sendEmail(tx, { to: order.email, ...content })
			await tx
				.update(seatHandOutReminders)
				.set({ outboxId: queued.id })
				.where(
					and(
						eq(seatHandOutReminders.orderId, order.orderId),
						eq(seatHandOutReminders.reminder, reminder),
					),
				)
			return true
		})
		if (sent) written++
	}
	if (written > 0) log.info(`Seat reminders (${reminder}): ${written} buyers of unclaimed seats`)
	return written
}
