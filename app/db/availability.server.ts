/**
 * "The database cannot take this now" (docs/decisions/104): a saturated pool (no connection
 * within DATABASE_POOL_TIMEOUT_MS), a server that refuses or drops connections, one shutting down
 * or out of resources, a PGlite that is closed. Such a failure is the service being unavailable,
 * not a bug: callers answer 503 with Retry-After, and the log gets one line when an outage starts
 * and one when it ends, however many requests fail meanwhile.
 */
import { log } from '~/log.server'

// pg and pg-pool say these in words only.
const MESSAGES = [
	'timeout exceeded when trying to connect',
	'connection terminated',
	'not queryable',
	'cannot use a pool after calling end',
	'pglite is closed',
	'pglite is closing',
]
// The socket could not reach the server, or lost it.
const NETWORK_CODES = new Set([
	'ECONNREFUSED',
	'ECONNRESET',
	'ETIMEDOUT',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EPIPE',
])
// SQLSTATE: 08 connection exception, 53 insufficient resources (disk full, out of memory, too
// many connections), 57P01–03 the server shutting down or starting, 58030 an I/O error.
const SQLSTATE = /^(08|53)...$|^57P0[123]$|^58030$/

type ErrorLike = { message?: unknown; code?: unknown; cause?: unknown; errors?: unknown }

/** Whether `error` (or what caused it: Drizzle wraps the driver's error) is the database being unavailable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
	if (typeof error !== 'object' || error === null || depth > 4) return false
	const { message, code, cause, errors } = error as ErrorLike
	// A fetch to an outside service (GitHub, a geolocation service) that could not connect
	// carries the same socket codes: that is not the database.
	if (error instanceof TypeError && message === 'fetch failed') return false
	if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true
	if (typeof message === 'string') {
		const lower = message.toLowerCase()
		if (MESSAGES.some((words) => lower.includes(words))) return true
	}
	// Node's connect to a name with several addresses fails with an AggregateError.
	if (Array.isArray(errors) && errors.some((one) => isDatabaseUnavailable(one, depth + 1)))
		return true
	return isDatabaseUnavailable(cause, depth + 1)
}

type Outage = { since: number; failures: number; reason: string; watch: NodeJS.Timeout }
type OutageState = {
	outage: Outage | null
	sawFailure: boolean
	/** Asks the process's database for an answer (set by client.server.ts when it opens it). */
	check?: () => Promise<void>
}

// Shared through globalThis: server.ts and the Remix build are separate bundles (decision 010),
// and an outage seen by either is the same outage.
const KEY = Symbol.for('ai-driven-dev.database-outage')
function state(): OutageState {
	const holder = globalThis as typeof globalThis & { [KEY]?: OutageState }
	holder[KEY] ??= { outage: null, sawFailure: false }
	return holder[KEY]
}

/** How often a running outage checks whether the database answers again. */
export const OUTAGE_CHECK_MS = 1_000

/** The first line of what went wrong, without the values a query carried. */
export function reasonOf(error: unknown): string {
	let current: unknown = error
	for (let depth = 0; depth < 4; depth++) {
		const { message, code, cause } = (current ?? {}) as ErrorLike
		if (cause === undefined || typeof message !== 'string' || !message.startsWith('Failed query'))
			return `${typeof message === 'string' ? message.split('\n')[0] : String(current)}${typeof code === 'string' ? ` (${code})` : ''}`
		current = cause
	}
	return 'unknown'
}

/** How an outage checks whether the process's database answers again: its `ping`. */
export function checkDatabaseWith(ping: () => Promise<void>): void {
	state().check = ping
}

/**
 * Notes a failure `isDatabaseUnavailable` recognised. The first one of an outage logs a line and
 * starts a watch that pings the database every OUTAGE_CHECK_MS; the outage ends (one more line)
 * at the first check that finds the database answering and no failure noted since the last
 * (with nothing to ping: the first check with no failure since the last).
 */
export function noteDatabaseUnavailable(error: unknown): void {
	const current = state()
	current.sawFailure = true
	if (current.outage) {
		current.outage.failures++
		return
	}
	const reason = reasonOf(error)
	log.error(
		`Database unavailable (${reason}): answering 503 with Retry-After until it answers again`,
	)
	let checking = false
	const watch = setInterval(async () => {
		if (checking) return
		checking = true
		const failedSinceLastCheck = current.sawFailure
		current.sawFailure = false
		try {
			await current.check?.()
			if (!failedSinceLastCheck && !current.sawFailure) endOutage()
		} catch {
			// Still down: the next check tries again.
		} finally {
			checking = false
		}
	}, OUTAGE_CHECK_MS)
	watch.unref()
	current.outage = { since: Date.now(), failures: 1, reason, watch }
}

function endOutage() {
	const current = state()
	const outage = current.outage
	if (!outage) return
	clearInterval(outage.watch)
	current.outage = null
	const seconds = Math.round((Date.now() - outage.since) / 1000)
	log.info(
		`Database available again after ${seconds} s (${outage.failures} ${outage.failures === 1 ? 'failure' : 'failures'} answered 503 meanwhile)`,
	)
}
