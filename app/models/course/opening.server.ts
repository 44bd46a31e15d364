/**
 * The course opens (issue 25, item 5; docs/decisions/119): the owner presses "Open the course"
 * on the dashboard, or the course's release date in content (content/site/events.yml,
 * `course-release`, when it is not provisional) comes. Either way one bulk send, unique by its
 * key, e-mails every buyer and seat holder their access (COURSE_URL) through the throttled
 * queue: pressing twice, or two app servers at once, make one send and one e-mail per person.
 * Whoever buys or claims a seat after the opening is added to the same send by the periodic
 * check, so the receipts' promise ("when the course opens, we e-mail your access") holds for
 * them too.
 */
import { eq } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { SiteEvent } from '~/content/site-content'
import { findEvent } from '~/content/site-content.server'
import type { Db } from '~/db/client.server'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { courses } from '~/db/schema.server'
import { bulkSends } from '~/db/schema-bulk.server'
import { COURSE_SLUG } from '~/db/seed-data'
import { templates } from '~/integrations/email/index.server'
import type { JobDefinition } from '~/jobs/run.server'
import { log } from '~/log.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { recipientsOf } from '~/models/messages/audiences.server'
import {
	addRecipients,
	createBulkSend,
	type Recipient,
	uniqueRecipients,
} from '~/models/messages/bulk-send.server'
import { siteOrigin } from '~/site-origin.server'
import { courseAccessRecipients } from './seat-access.server'
import { remindToHandOutSeats } from './seat-reminders.server'

const COURSE_OPEN_KEY = 'course-open'
/** The announcement to the course's interest list, sent with the opening. */
const COURSE_NEWS_KEY = 'course-open-news'
/** The content event whose start opens the course by itself. */
const RELEASE_EVENT = 'course-release'
/** The actor the audit log names when the date opened the course. */
const BY_DATE = 'the release date in content'
/** How often the periodic check looks at the date and for new buyers once open. */
const CHECK_SECONDS = 300

export type CourseOpening = { sendId: number; openedAt: string; by: string }

/** When and by whom the course was opened; null while it is not. */
export async function courseOpening(db: Db): Promise<CourseOpening | null> {
	const [row] = await db
		.select({ sendId: bulkSends.id, openedAt: bulkSends.createdAt, by: bulkSends.createdBy })
		.from(bulkSends)
		.where(eq(bulkSends.onceKey, COURSE_OPEN_KEY))
	return row ? { ...row, openedAt: row.openedAt.toISOString() } : null
}

export type OpenOutcome =
	| { ok: true; sendId: number; created: boolean; recipients: number }
	| { ok: false; message: string }

const COURSE_URL_MISSING =
	'Set COURSE_URL (where the course is taken) first: the access e-mail links it.'

/**
 * Opens the course: its status becomes `open` (decision 156: the pages and `/api/course` say so)
 * and one send of the access e-mail goes to each seat's person (seat-access.server.ts: a claimed
 * seat's holder, an unclaimed one's buyer), written to the audit log with it, in one transaction.
 * Opening it again finds the first send (`created: false`) and lists only people who were not on
 * it yet.
 */
export async function openCourse(db: Db, actor: string): Promise<OpenOutcome> {
	if (!getConfig().COURSE_URL) return { ok: false, message: COURSE_URL_MISSING }
	const recipients = await courseAccessRecipients(db)
	const outcome = await db.transaction(async (tx) => {
		await tx.update(courses).set({ status: 'open' }).where(eq(courses.slug, COURSE_SLUG))
		const send = await createBulkSend(
			tx,
			{
				kind: 'course_access',
				subject: 'The course is open: your access',
				body: '',
				audience: 'course',
				createdBy: actor,
				onceKey: COURSE_OPEN_KEY,
			},
			recipients,
		)
		if (send.created) await announceOpening(tx, actor, recipients)
		if (send.created)
			await recordOwnerAction(tx, {
				actor,
				action: 'open-course',
				target: `send:${send.id}`,
				after: { recipients: send.recipients },
			})
		return send
	})
	// This process's pages say so at once; other app servers' within their read cache's seconds.
	invalidateSalesCache()
	if (!outcome.created) {
		const added = await addRecipients(db, outcome.id, recipients)
		return { ok: true, sendId: outcome.id, created: false, recipients: added }
	}
	log.info(`The course is open (by ${actor}): access e-mails queued for ${outcome.recipients}`)
	return { ok: true, sendId: outcome.id, created: true, recipients: outcome.recipients }
}

/**
 * The course's interest list was told "we e-mail you when the course opens" (the course page's
 * sign-up, /enrolled): they get a list message saying it is open, unsubscribe honoured. Buyers and
 * seat holders are left out: their access e-mail says it.
 */
async function announceOpening(db: Db, actor: string, access: Recipient[]) {
	const buyers = new Set(uniqueRecipients(access).map((recipient) => recipient.email))
	const interested = uniqueRecipients(await recipientsOf(db, 'course-interest')).filter(
		(lead) => !buyers.has(lead.email),
	)
	await createBulkSend(
		db,
		{
			kind: 'message',
			subject: `${templates.COURSE_NAME} is open`,
			body: `${templates.COURSE_NAME} is open. You asked us to tell you when it opens: here it is.\n\n[See the course](${siteOrigin()}/)`,
			audience: 'course-interest',
			createdBy: actor,
			onceKey: COURSE_NEWS_KEY,
		},
		interested,
	)
}

/**
 * The periodic check: opens the course when its release date has come (a provisional date opens
 * nothing), and once it is open lists who came since (a buyer, a seat's new holder); then it
 * reminds buyers of seats still unclaimed (seat-reminders.server.ts).
 */
export async function checkCourseOpening(
	db: Db,
	release: SiteEvent | undefined = findEvent(RELEASE_EVENT),
	now = new Date(),
): Promise<void> {
	const opening = await courseOpening(db)
	if (opening) await addRecipients(db, opening.sendId, await courseAccessRecipients(db))
	else if (release && !release.placeholder && Date.parse(release.start) <= now.getTime()) {
		const outcome = await openCourse(db, BY_DATE)
		if (!outcome.ok) log.warn(`The course's release date has come, but: ${outcome.message}`)
	}
	await remindToHandOutSeats(db, {
		release: release ?? null,
		openedAt: opening ? new Date(opening.openedAt) : null,
		now,
	})
}

export function courseOpeningJob(db: Db): JobDefinition {
	return {
		kind: 'course.opening-check',
		everySeconds: CHECK_SECONDS,
		run: () => checkCourseOpening(db),
	}
}
