/**
 * PGlite's one connection shared fairly between requests and the job worker (issue 33, item 16;
 * docs/decisions/135). PGlite runs one statement or transaction at a time, first come first
 * served. A sign-up is one transaction: it waits its turn once. A delivery is four statements
 * (claim, mark the attempt, record the acceptance, finish the job), each queued behind every
 * transaction waiting at that moment: with 40 sign-ups in flight, each waited ~40 transactions,
 * and the worker delivered 9 e-mails in 80 s while 1,048 waited. Here the worker's statements
 * form a second line, and the connection goes to the two lines in turn whenever both wait: the
 * worker never waits behind more than one request's transaction, and requests are slowed by at
 * most one worker statement each.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { PGlite } from '@electric-sql/pglite'

type Lane = 'requests' | 'background'

// Shared through globalThis: the worker (server.ts's bundle) marks its work, the database may be
// opened by the Remix build's bundle (docs/decisions/010 shares the database the same way).
const LANE_KEY = Symbol.for('ai-driven-dev.db-lane')
type GlobalWithLane = typeof globalThis & { [LANE_KEY]?: AsyncLocalStorage<Lane> }

function laneStorage(): AsyncLocalStorage<Lane> {
	const holder = globalThis as GlobalWithLane
	holder[LANE_KEY] ??= new AsyncLocalStorage<Lane>()
	return holder[LANE_KEY]
}

/** Runs `fn` as background work: its database calls (and those it starts) take the second line. */
export function inBackground<T>(fn: () => T): T {
	return laneStorage().run('background', fn)
}

/**
 * `client`, with its statements and transactions taken in turn from the two lines (FIFO within
 * each). A transaction's own statements go through its transaction object, not through here.
 */
export function shareFairly(client: PGlite): PGlite {
	const waiting: Record<Lane, (() => void)[]> = { requests: [], background: [] }
	let busy = false
	let lastServed: Lane = 'requests'
	const acquire = () => {
		if (!busy) {
			busy = true
			return Promise.resolve()
		}
		return new Promise<void>((resolve) =>
			waiting[laneStorage().getStore() ?? 'requests'].push(resolve),
		)
	}
	const release = () => {
		const other: Lane = lastServed === 'requests' ? 'background' : 'requests'
		const next = waiting[other].length > 0 ? other : lastServed
		const resolve = waiting[next].shift()
		if (!resolve) {
			busy = false
			return
		}
		lastServed = next
		resolve()
	}
	const inTurn =
		<A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
		async (...args: A): Promise<R> => {
			await acquire()
			try {
				return await fn(...args)
			} finally {
				release()
			}
		}
	const query = inTurn(client.query.bind(client))
	const exec = inTurn(client.exec.bind(client))
	const transaction = inTurn(client.transaction.bind(client))
	return new Proxy(client, {
		get(target, property) {
			if (property === 'query') return query
			if (property === 'exec') return exec
			if (property === 'transaction') return transaction
			const value = Reflect.get(target, property, target)
			return typeof value === 'function' ? value.bind(target) : value
		},
	})
}
