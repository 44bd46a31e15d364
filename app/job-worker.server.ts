/**
 * The app server's job worker with every kind of job the site runs (docs/decisions/075):
 * e-mail delivery, the checkout's periodic jobs and late refunds, bulk sends and the course's
 * opening by its date (docs/decisions/119), the workshop sessions' follow-ups (157), the
 * certificates of attendance (172), a gift's seat link on its day (166), the privacy policy's
 * retention of sign-ups, the used form tokens' pruning (docs/decisions/137), and the queue's own
 * pruning.
 * server.ts starts it after the database is migrated and stops it on shutdown.
 *
 * The composition root of background work: it names the jobs of every capability, so that
 * jobs/ (the queue and the worker) imports none of them.
 */
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { emailDeliveryJob } from '~/integrations/email/index.server'
import { pruneJobs } from '~/jobs/queue.server'
import type { JobDefinition } from '~/jobs/run.server'
import { type JobWorker, startJobWorker } from '~/jobs/worker.server'
import { certificateJob } from '~/models/certificates/issue.server'
import { checkoutJobs, openSessionJob } from '~/models/checkout/index.server'
import { courseOpeningJob } from '~/models/course/opening.server'
import { calendarSyncJob } from '~/models/events/calendar-updates.server'
import { followUpJob } from '~/models/events/follow-ups.server'
import { eventReminderJob } from '~/models/events/reminder-job.server'
import { giftDeliveryJob } from '~/models/gifts/gifts.server'
import { formTokensPruneJob } from '~/models/leads/form-tokens.server'
import { retentionJob } from '~/models/leads/retention.server'
import { bulkSendJob } from '~/models/messages/bulk-send.server'
import { transferJobs } from '~/models/transfers/index.server'
import { waitlistJobs } from '~/models/waitlist/offers.server'

/** Finished jobs are kept this long for the operator, then deleted. */
const KEEP_FINISHED_DAYS = 7

/** Every job definition, working on `db`, from the configuration. */
export function jobDefinitions(db: Db, config = getConfig()): JobDefinition[] {
	return [
		emailDeliveryJob(db, { firstRetrySeconds: config.EMAIL_RETRY_FIRST_SECONDS }),
		...checkoutJobs(db, config),
		openSessionJob(db),
		bulkSendJob(db, { perMinute: config.EMAIL_SEND_PER_MINUTE }),
		courseOpeningJob(db),
		eventReminderJob(db),
		calendarSyncJob(db),
		followUpJob(db),
		certificateJob(db),
		...waitlistJobs(db, config),
		...transferJobs(db),
		giftDeliveryJob(db),
		retentionJob(db),
		formTokensPruneJob(db),
		{
			kind: 'jobs.prune',
			everySeconds: 3_600,
			run: () => pruneJobs(db, KEEP_FINISHED_DAYS),
		},
	]
}

/**
 * The worker's settings from the configuration: its claims are leases of JOBS_LEASE_SECONDS,
 * renewed while a job runs, so a dead worker's jobs are taken over within it (docs/decisions/135).
 */
export function jobWorkerOptions(db: Db, config = getConfig()) {
	return {
		db,
		definitions: jobDefinitions(db, config),
		pollSeconds: config.JOBS_POLL_SECONDS,
		lockSeconds: config.JOBS_LEASE_SECONDS,
	}
}

export function startJobs(db: Db): JobWorker {
	return startJobWorker(jobWorkerOptions(db))
}
