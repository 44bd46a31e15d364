/**
 * The app server's job worker with every kind of job the site runs (docs/decisions/075):
 * e-mail delivery, the checkout's periodic jobs and late refunds, and the queue's own pruning.
 * server.ts starts it after the database is migrated and stops it on shutdown.
 */
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { emailDeliveryJob } from '~/integrations/email/index.server'
import { checkoutJobs } from '~/models/checkout/index.server'
import { waitlistJobs } from '~/models/waitlist/offers.server'
import { pruneJobs } from './queue.server'
import type { JobDefinition } from './run.server'
import { type JobWorker, startJobWorker } from './worker.server'

/** Finished jobs are kept this long for the operator, then deleted. */
const KEEP_FINISHED_DAYS = 7

/** Every job definition, working on `db`, from the configuration. */
export function jobDefinitions(db: Db, config = getConfig()): JobDefinition[] {
	return [
		emailDeliveryJob(db, { firstRetrySeconds: config.EMAIL_RETRY_FIRST_SECONDS }),
		...checkoutJobs(db, config),
		...waitlistJobs(db, config),
		{
			kind: 'jobs.prune',
			everySeconds: 3_600,
			run: () => pruneJobs(db, KEEP_FINISHED_DAYS),
		},
	]
}

export function startJobs(db: Db): JobWorker {
	const config = getConfig()
	return startJobWorker({
		db,
		definitions: jobDefinitions(db, config),
		pollSeconds: config.JOBS_POLL_SECONDS,
		lockSeconds: config.JOBS_LOCK_SECONDS,
	})
}
