/**
 * Whose turn it is on PGlite (docs/decisions/139). PGlite is one connection in this process: a
 * statement or a transaction at a time, first come first served, and each runs on the event
 * loop's thread. Under sign-up load the line held dozens of requests' work, run back to back
 * without the event loop turning (stalls of 2 to 5 s), and the job worker waited the whole line
 * at each step of a delivery (claim, attempt, record, finish) and each of its mail server's
 * answers: 9 of 1,048 confirmations were delivered in 80 s, and /healthz took 9 s.
 *
 * So the database work waits in one of three lines: requests (the default), the job worker's
 * (work started by `asJobWork`) and the probe's (`asProbe`, /healthz). When the connection comes
 * free the probe goes first, then the worker and the requests take turns: a step of the worker
 * waits for at most one request's statement or transaction. A request's turn begins on a later
 * turn of the event loop, so the network (the mail server's answers, requests arriving) is
 * served between two of them rather than after the whole line.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

type Line = 'requests' | 'jobs' | 'probe'

// Shared through globalThis: the worker runs in server.ts's bundle, the routes and the database
// in the Remix build's (docs/decisions/010 shares the database the same way).
const KEY = Symbol.for('ai-driven-dev.database-line')
type GlobalWithLine = typeof globalThis & { [KEY]?: AsyncLocalStorage<Line> }

function lines(): AsyncLocalStorage<Line> {
	const holder = globalThis as GlobalWithLine
	holder[KEY] ??= new AsyncLocalStorage()
	return holder[KEY]
}

/** Runs `fn`, whose database work (and that of all it starts) waits in the job worker's line. */
export function asJobWork<T>(fn: () => T): T {
	return lines().run('jobs', fn)
}

/** Runs `fn`, whose database work goes before anything waiting: a health probe's. */
export function asProbe<T>(fn: () => T): T {
	return lines().run('probe', fn)
}

/** Something that runs one piece of database work at a time, in turns. */
type Turns = <T>(work: () => Promise<T>) => Promise<T>

/**
 * The turns of one connection: `work` runs once every piece started before it in its line, and
 * its share of the other line's, has ended. Nothing else may reach the connection.
 */
export function takeTurns(): Turns {
	const waiting: Record<Line, (() => void)[]> = { probe: [], jobs: [], requests: [] }
	let busy = false
	let servedLast: Line = 'requests'

	function handOver() {
		const alternate: Line = servedLast === 'jobs' ? 'requests' : 'jobs'
		const line =
			waiting.probe.length > 0 ? 'probe' : waiting[alternate].length > 0 ? alternate : servedLast
		const next = waiting[line].shift()
		if (!next) {
			busy = false
			return
		}
		if (line !== 'probe') servedLast = line
		// The worker's few steps and the probe go at once: each is one step of something waiting
		// on the network. A request's turn comes after the network's callbacks waiting now: the
		// line of requests would otherwise run back to back without the event loop turning.
		if (line === 'requests') setImmediate(next)
		else next()
	}

	return async (work) => {
		const line = lines().getStore() ?? 'requests'
		if (busy) await new Promise<void>((resolve) => waiting[line].push(resolve))
		else busy = true
		try {
			return await work()
		} finally {
			handOver()
		}
	}
}
