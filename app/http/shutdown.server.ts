/**
 * The server's shutdown on SIGTERM and SIGINT (docs/decisions/101, 134, 135): requests already
 * sent are answered, running jobs get their grace, resources close, then the process exits.
 */
import type http from 'node:http'
import { closeResources } from '~/lifecycle.server'
import { log } from '~/log.server'

// In-flight requests and jobs get this long after SIGTERM (under the usual 10 s grace period).
const SHUTDOWN_DEADLINE_MS = 9_000
// Running jobs get this long of it; then one still waiting (an e-mail delivery waiting minutes
// for a slow mail server, RFC 5321) is cut off and released at once for the next server
// (docs/decisions/101), leaving time to record that before the deadline.
const JOBS_SHUTDOWN_GRACE_MS = 6_000

export function shutDownOnSignals({
	server,
	closeConnections,
	stopJobs,
	closeDevServer,
	onStart,
}: {
	server: http.Server
	/** Resolves once every open connection has been answered and closed. */
	closeConnections: () => Promise<void>
	stopJobs: (graceMs: number) => Promise<void>
	closeDevServer: () => Promise<void> | undefined
	/** Told first, so that the server answers new work with 503 from then on. */
	onStart: () => void
}) {
	let shuttingDown = false
	function shutdown(signal: NodeJS.Signals) {
		if (shuttingDown) return
		shuttingDown = true
		onStart()
		log.info(`${signal} received: finishing in-flight requests and jobs`)
		const deadline = setTimeout(() => {
			// A job that ignored its cut-off was claimed, not finished: another server (or this one,
			// restarted) runs it again once its lease lapses (docs/decisions/075, 135).
			log.error('Requests or jobs still running at the shutdown deadline: closing them')
			server.closeAllConnections()
			setTimeout(() => process.exit(1), 1_000).unref()
		}, SHUTDOWN_DEADLINE_MS)
		// Connections kept alive after their last response are closed once quiet, not at their
		// timeout.
		Promise.all([closeConnections(), stopJobs(JOBS_SHUTDOWN_GRACE_MS), closeDevServer()]).then(
			async () => {
				clearTimeout(deadline)
				await closeResources()
				log.info('Shut down cleanly')
				process.exit(0)
			},
		)
	}
	// Not once: a second signal during shutdown (a process manager's retry) must not kill the
	// requests still being answered; the deadline above ends a shutdown that takes too long.
	process.on('SIGTERM', shutdown)
	process.on('SIGINT', shutdown)
}
