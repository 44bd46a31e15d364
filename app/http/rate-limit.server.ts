/**
 * The form-post rate limit (docs/decisions/063, 069), checked by server.ts before Remix (and so
 * before any page work): RATE_LIMIT_MAX posts per client address per RATE_LIMIT_WINDOW_MS.
 * With DATABASE_URL the counts live in PostgreSQL (`rate-limiter-flexible`'s
 * RateLimiterPostgres, one upserted row per address), so every app server behind a balancer
 * counts against the same limit; should that store fail, each server falls back to its own
 * memory until it answers again. PGlite serves one app server: its counts stay in memory.
 */
import type pg from 'pg'
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { log } from '~/log.server'
import { clientNetwork } from '~/utils/client-network'

type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export type RateLimiter = {
	/** Counts one post from a client address, against its network's limit. */
	hit(address: string): Promise<RateLimitResult>
}

const TABLE = 'rate_limits'

/**
 * Counts in `pool`'s database when given (its table is created if missing), else in memory.
 * Each limit has its own `keyPrefix` in the one table: the form posts' and the expensive GETs'
 * (docs/decisions/133) count apart.
 */
export async function createRateLimiter({
	max,
	windowMs,
	pool,
	keyPrefix = 'form_post',
}: {
	max: number
	windowMs: number
	pool?: pg.Pool | null
	keyPrefix?: string
}): Promise<RateLimiter> {
	const options = { points: max, duration: windowMs / 1000, keyPrefix }
	const memory = new RateLimiterMemory(options)
	const limiter = pool
		? await new Promise<RateLimiterPostgres>((resolve, reject) => {
				const store: RateLimiterPostgres = new RateLimiterPostgres(
					{
						...options,
						storeClient: pool,
						storeType: 'pool',
						tableName: TABLE,
						insuranceLimiter: memory,
					},
					(error?: Error) => (error ? reject(error) : resolve(store)),
				)
			})
		: memory
	return {
		async hit(address) {
			try {
				await limiter.consume(clientNetwork(address))
				return { allowed: true }
			} catch (outcome) {
				if (outcome instanceof RateLimiterRes) {
					return {
						allowed: false,
						retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)),
					}
				}
				// Neither store answered: a limit that cannot count lets the request through.
				log.error({ err: outcome }, `The rate limit (${keyPrefix}) could not count a request`)
				return { allowed: true }
			}
		},
	}
}
