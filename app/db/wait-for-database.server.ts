/**
 * A server started while its database is down waits for it (docs/decisions/134) instead of
 * exiting: exiting only made a supervisor restart it every few seconds until the database was
 * back, refusing visitors' connections meanwhile.
 */
import { log } from '~/log.server'
import { isDatabaseUnavailable, reasonOf } from './availability.server'

const FIRST_DELAY_MS = 500
const MAX_DELAY_MS = 10_000

/**
 * Runs `prepare` until it succeeds, trying again after a growing, jittered delay while it fails
 * because the database is unavailable (any other failure is thrown). `onFirstWait` runs once,
 * when the first attempt failed that way.
 */
export async function untilDatabaseAnswers<T>(
	prepare: () => Promise<T>,
	onFirstWait: () => void,
): Promise<T> {
	for (let attempt = 0; ; attempt++) {
		try {
			const prepared = await prepare()
			if (attempt > 0) log.info('The database answers: starting')
			return prepared
		} catch (error) {
			if (!isDatabaseUnavailable(error)) throw error
			const delay =
				Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt) * (0.75 + Math.random() / 2)
			log.warn(
				`The database does not answer (${reasonOf(error)}): waiting for it, trying again in ${(delay / 1000).toFixed(1)} s`,
			)
			if (attempt === 0) onFirstWait()
			await new Promise((resolve) => setTimeout(resolve, delay))
		}
	}
}
