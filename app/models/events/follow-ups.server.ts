/**
 * A workshop session's follow-up (issue 36, item 13b; docs/decisions/157): the workshop promises
 * "the recording and the code of the live build, by e-mail". The owner fills in the session's
 * link on the dashboard; once the link is set and the session has ended, the periodic job
 * `follow-ups.send` writes the follow-up to each person signed up for it (its reminders'
 * recipients: confirmed places), once per mailbox by the key of `event_follow_up_sends`, the row
 * and the outbox row in one transaction. Not news (decision 149): an address unsubscribed from
 * news gets it; someone who stopped this session's reminders, or was erased, does not. Until the
 * link is there, the dashboard shows the ended session as waiting for one.
 *
 * The day event's pass promises "the recordings afterwards" (decision 155): the same mechanism
 * keeps it (decision 159). The owner fills in the day's recordings link here too; once the day
 * has ended, each person with pass access gets the follow-up once (a pass holder, or the buyer
 * of a pass not claimed yet); a free registrant (the live stream only) does not.
 */
import { and, count, eq } from 'drizzle-orm'
import { ownerTimeZone } from '~/content/owner-zone.server'
import type { SiteEvent } from '~/content/site-content'
import { eventsOf, findEvent } from '~/content/site-content.server'
import type { Db } from '~/db/client.server'
import { eventFollowUpSends, eventFollowUps } from '~/db/schema-reminders.server'
import { formatEventWhen } from '~/domain/dates'
import { eventTemplatesIn, sendEmail } from '~/integrations/email/index.server'
import type { JobDefinition } from '~/jobs/run.server'
import { log } from '~/log.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { mailboxOf } from '~/models/preferences/mailbox.server'
import {
	eventMailLinks,
	mayGetReminders,
	stoppedReminders,
} from '~/models/preferences/reminder-stops.server'
import { siteOrigin } from '~/site-origin.server'
import { emailEvent, eventPageUrl } from './calendar.server'
import { type Recipient, registrantsOf } from './registrants.server'

/** How often the job looks for follow-ups to write: one goes out within this of its link. */
const FOLLOW_UP_EVERY_SECONDS = 300

/** An event that has a follow-up: a workshop session, or the day event (its pass's recordings). */
function followUpEvent(id: string): SiteEvent | undefined {
	const event = findEvent(id)
	return event?.kind === 'workshop' || event?.kind === 'day' ? event : undefined
}

/** Who the follow-up is for: a session's people; the day's pass access only (decision 159). */
const followUpFor = (event: SiteEvent, recipients: Recipient[]) =>
	event.kind === 'day' ? recipients.filter((recipient) => recipient.access === 'pass') : recipients

const ended = (event: Pick<SiteEvent, 'end'>, now: Date) => Date.parse(event.end) <= now.getTime()

export type FollowUpState = {
	eventId: string
	/** `workshop`: the recording and the code; `day`: the pass's recordings. */
	kind: 'workshop' | 'day'
	/** In the owner's zone (decision 153). */
	when: string
	/** `not-ended`: the session is ahead or under way; `waiting`: ended, no link yet; `set`: link set. */
	state: 'not-ended' | 'waiting' | 'set'
	link: string | null
	setBy: string | null
	setAt: Date | null
	/** Follow-ups written so far. */
	sent: number
}

/** Every workshop session and day event not cancelled, latest first, with its follow-up's state at `now`. */
export async function followUpStates(db: Db, now = new Date()): Promise<FollowUpState[]> {
	const links = new Map((await db.select().from(eventFollowUps)).map((row) => [row.eventId, row]))
	const sent = new Map(
		(
			await db
				.select({ eventId: eventFollowUpSends.eventId, sent: count() })
				.from(eventFollowUpSends)
				.groupBy(eventFollowUpSends.eventId)
		).map((row) => [row.eventId, row.sent]),
	)
	const zone = ownerTimeZone()
	return [...eventsOf('day'), ...eventsOf('workshop')]
		.filter((session) => session.status !== 'cancelled')
		.sort((a, b) => Date.parse(b.start) - Date.parse(a.start))
		.map((session) => {
			const link = links.get(session.id)
			return {
				eventId: session.id,
				kind: session.kind === 'day' ? ('day' as const) : ('workshop' as const),
				when: formatEventWhen(session, zone),
				state: link ? 'set' : ended(session, now) ? 'waiting' : 'not-ended',
				link: link?.link ?? null,
				setBy: link?.setBy ?? null,
				setAt: link?.setAt ?? null,
				sent: sent.get(session.id) ?? 0,
			}
		})
}

export type SetFollowUpOutcome =
	| { ok: true }
	| { ok: false; reason: 'unknown' | 'cancelled' | 'sent' }

/**
 * The owner sets (or corrects, while none has gone out) a session's follow-up link, with its
 * audit line in the same transaction. Once a follow-up has been written the link stays: people
 * have it, and a second link would reach only some of them.
 */
export async function setFollowUpLink(
	db: Db,
	{ eventId, link, actor }: { eventId: string; link: string; actor: string },
): Promise<SetFollowUpOutcome> {
	const session = followUpEvent(eventId)
	if (!session) return { ok: false, reason: 'unknown' }
	if (session.status === 'cancelled') return { ok: false, reason: 'cancelled' }
	return db.transaction(async (tx) => {
		const [already] = await tx
			.select({ eventId: eventFollowUpSends.eventId })
			.from(eventFollowUpSends)
			.where(eq(eventFollowUpSends.eventId, eventId))
			.limit(1)
		if (already) return { ok: false, reason: 'sent' } as const
		const [before] = await tx
			.select({ link: eventFollowUps.link })
			.from(eventFollowUps)
			.where(eq(eventFollowUps.eventId, eventId))
			.for('update')
		await tx
			.insert(eventFollowUps)
			.values({ eventId, link, setBy: actor })
			.onConflictDoUpdate({
				target: eventFollowUps.eventId,
				set: { link, setBy: actor, setAt: new Date() },
			})
		await recordOwnerAction(tx, {
			actor,
			action: 'follow-up-link',
			target: `event:${eventId}`,
			before: before ? { link: before.link } : null,
			after: { link },
		})
		return { ok: true } as const
	})
}

/**
 * Writes one follow-up, once: the row that claims it and the message in one transaction. False
 * when it was already written (a crash, another app server) or the person stopped the session's
 * mail meanwhile (then nothing is kept, so resuming brings it).
 */
async function followUpOnce(
	db: Db,
	session: SiteEvent,
	{ link, origin }: { link: string; origin: string },
	recipient: Recipient,
): Promise<boolean> {
	const mailboxKey = mailboxOf(recipient.email).key
	const key = and(
		eq(eventFollowUpSends.eventId, session.id),
		eq(eventFollowUpSends.mailboxKey, mailboxKey),
	)
	return db.transaction(async (tx) => {
		const [claimed] = await tx
			.insert(eventFollowUpSends)
			.values({ eventId: session.id, mailboxKey })
			.onConflictDoNothing()
			.returning({ eventId: eventFollowUpSends.eventId })
		if (!claimed) return false
		if ((await stoppedReminders(tx, recipient.email)).has(session.id)) {
			await tx.delete(eventFollowUpSends).where(key)
			return false
		}
		const event = emailEvent(session, origin, recipient.locale)
		const queued = await sendEmail(tx, {
			to: recipient.email,
			// In the language signed up, bought or claimed in (decision 177).
			...(await eventTemplatesIn(recipient.locale).workshopFollowUp({
				kind: session.kind === 'day' ? 'day' : 'workshop',
				firstName: recipient.firstName,
				title: event.title,
				when: event.when,
				link,
				pageUrl: eventPageUrl(session, origin, recipient.locale),
				unsubscribe: eventMailLinks(origin, recipient.email, session.id, false),
			})),
		})
		await tx.update(eventFollowUpSends).set({ outboxId: queued.id }).where(key)
		return true
	})
}

/**
 * Writes every follow-up due at `now`: of each session that has ended and has its link, to each
 * of its people without one. The periodic job's work, and the tests' (with their own clock).
 * Returns how many it wrote.
 */
export async function sendDueFollowUps(
	db: Db,
	{ now, origin }: { now: Date; origin: string },
): Promise<number> {
	const links = await db.select().from(eventFollowUps)
	let total = 0
	for (const { eventId, link } of links) {
		const session = followUpEvent(eventId)
		if (!session || session.status === 'cancelled' || !ended(session, now)) continue
		const already = new Set(
			(
				await db
					.select({ key: eventFollowUpSends.mailboxKey })
					.from(eventFollowUpSends)
					.where(eq(eventFollowUpSends.eventId, eventId))
			).map((row) => row.key),
		)
		const recipients = await mayGetReminders(
			db,
			eventId,
			followUpFor(session, await registrantsOf(db, session)),
		)
		let written = 0
		for (const recipient of recipients) {
			if (already.has(mailboxOf(recipient.email).key)) continue
			if (await followUpOnce(db, session, { link, origin }, recipient)) written++
		}
		if (written > 0) log.info(`Follow-ups of ${eventId}: ${written} written`)
		total += written
	}
	return total
}

/** The follow-ups' periodic job (app/job-worker.server.ts); `now` is a test's own clock in tests. */
export function followUpJob(db: Db, now: () => Date = () => new Date()): JobDefinition {
	return {
		kind: 'follow-ups.send',
		everySeconds: FOLLOW_UP_EVERY_SECONDS,
		run: async () => {
			await sendDueFollowUps(db, { now: now(), origin: siteOrigin() })
		},
	}
}
