/**
 * The privacy policy's promise (content/legal/privacy-policy.mdx, "How long we keep it"):
 * sign-ups are kept "at most 2 years after your last interaction". A daily job erases every
 * address whose last interaction is older than that, as the owner's "Erase" does
 * (docs/decisions/109): each sign-up becomes a tombstone, survey answers and e-mails lose the
 * address, and its mailbox is suppressed so nothing is mailed to it again. An interaction is a
 * sign-up on any list (again), a confirmation, a session chosen, an order or a survey answer
 * under the address; orders themselves are kept as bookkeeping law requires.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { rowsOf } from '~/db/query.server'
import type { JobDefinition } from '~/jobs/run.server'
import { log } from '~/log.server'
import { eraseLead } from './erase.server'

/** 2 years, as the privacy policy says (tests/integration/retention.test.ts reads it). */
export const SIGNUP_RETENTION_DAYS = 2 * 365

/** Who erased, in the owner's audit log. */
const RETENTION_ACTOR = { name: 'retention (privacy policy: 2 years)' }
const BATCH = 200

/** One sign-up of each address whose last interaction is older than the retention period. */
async function staleLeadIds(db: Db): Promise<number[]> {
	const cutoff = sql`now() - make_interval(days => ${SIGNUP_RETENTION_DAYS})`
	const result = await db.execute(sql`
		SELECT min(l.id) AS id FROM leads l
		WHERE l.erased_at IS NULL
		GROUP BY l.email
		HAVING max(greatest(l.created_at, l.updated_at, l.confirmed_at)) < ${cutoff}
			AND NOT EXISTS (SELECT 1 FROM orders o WHERE lower(o.email) = l.email AND o.created_at >= ${cutoff})
			AND NOT EXISTS (SELECT 1 FROM survey_responses s WHERE s.email = l.email AND s.created_at >= ${cutoff})
		LIMIT ${BATCH}`)
	return rowsOf(result).map((row) => Number(row.id))
}

/** Erases every address past the retention period; how many were erased. */
export async function eraseStaleSignUps(db: Db): Promise<number> {
	let erased = 0
	for (;;) {
		const ids = await staleLeadIds(db)
		let batch = 0
		for (const id of ids) if ((await eraseLead(db, RETENTION_ACTOR, id)).ok) batch++
		erased += batch
		if (batch === 0) break
	}
	if (erased > 0) log.info(`Retention: ${erased} sign-up address(es) erased after 2 years`)
	return erased
}

export function retentionJob(db: Db): JobDefinition {
	return {
		kind: 'leads.retention',
		everySeconds: 24 * 60 * 60,
		run: async () => {
			await eraseStaleSignUps(db)
		},
	}
}
