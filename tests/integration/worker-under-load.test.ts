/**
 * The job worker keeps its turn while requests keep the embedded database busy (issue 33 item
 * 16, docs/decisions/139): with sign-ups continuously in flight against the production build on
 * PGlite, the confirmations they queue are delivered while the load lasts, not after it, and
 * /healthz keeps answering. No figure here is a speed: the load is bounded in time, and what is
 * asserted are shares of what the same run did (machines differ threefold). Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startSmtp } from '../fakes/smtp'
import { honeypotFields } from '../support/raw-http'
import { type RunningServer, startServer, withMetricsToken } from '../support/server'

/** Sign-ups in flight at every moment of the load, each visitor's next as soon as one ends. */
const IN_FLIGHT = 40
/** How long the load lasts: long enough for the queue to grow if the worker starves. */
const LOAD_MS = 20_000
/** And at most this many sign-ups, on a machine much faster than expected. */
const SIGN_UPS = 800
/** /healthz is asked this often during the load, as a load balancer would. */
const HEALTH_EVERY_MS = 1_000

type Health = { status: number; ms: number }

describe('the job worker under sign-up load on PGlite', () => {
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	let server: RunningServer

	beforeAll(async () => {
		smtp = await startSmtp()
		server = await startServer({
			SMTP_URL: smtp.url,
			// The load comes from one address: the per-address limits would answer it 429.
			RATE_LIMIT_MAX: '1000000',
			EXPENSIVE_RATE_LIMIT_MAX: '1000000',
			// Every sign-up queues its confirmation: the addresses share one domain.
			CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '1000000',
			CONFIRMATIONS_PER_HOUR: '1000000',
		})
		// Warmed up first, as a server that has been up a while is: the first requests compile
		// the embedded database's code and the routes', a stall that is no one's turn.
		const warmUp: string[] = []
		const warmUntil = Date.now() + 3_000
		await Promise.all(
			Array.from({ length: 4 }, (_, lane) =>
				visitors(lane, () => Date.now() < warmUntil, warmUp, [], 'warm'),
			),
		)
		await smtp.waitFor(warmUp.at(-1)!, 1, 60_000)
	}, 180_000)
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
	})

	/** One visitor after another on the course's interest form while `loadOn()`; their addresses. */
	async function visitors(
		lane: number,
		loadOn: () => boolean,
		acknowledged: string[],
		refused: number[],
		prefix = 'load',
	) {
		for (let n = 0; loadOn(); n++) {
			const email = `${prefix}-${lane}-${n}@example.com`
			const fields = await honeypotFields(server.url, '/')
			const response = await fetch(`${server.url}/?index`, {
				method: 'POST',
				redirect: 'manual',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
				body: new URLSearchParams({ ...fields, email }),
			})
			await response.arrayBuffer()
			if (response.status === 302) acknowledged.push(email)
			else refused.push(response.status)
		}
	}

	async function healthChecks(loadOn: () => boolean, answers: Health[]) {
		while (loadOn()) {
			const started = Date.now()
			const response = await fetch(`${server.url}/healthz`, { headers: withMetricsToken })
			await response.arrayBuffer()
			answers.push({ status: response.status, ms: Date.now() - started })
			await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS))
		}
	}

	test(
		'with 40 sign-ups always in flight, a fair share of their confirmations is delivered during the load and /healthz says ok',
		async () => {
			const acknowledged: string[] = []
			const refused: number[] = []
			const health: Health[] = []
			const deliveredBefore = smtp.received.length
			const deadline = Date.now() + LOAD_MS
			let atTheEnd: { acknowledged: number; delivered: number } | undefined
			const loadOn = () => {
				if (atTheEnd) return false
				if (Date.now() < deadline && acknowledged.length < SIGN_UPS) return true
				atTheEnd = {
					acknowledged: acknowledged.length,
					delivered: smtp.received.length - deliveredBefore,
				}
				return false
			}
			await Promise.all([
				...Array.from({ length: IN_FLIGHT }, (_, lane) =>
					visitors(lane, loadOn, acknowledged, refused),
				),
				healthChecks(loadOn, health),
			])
			if (!atTheEnd) throw new Error('the load never ended')
			const figures = {
				...atTheEnd,
				refused: refused.length,
				health: health.map((answer) => `${answer.status} in ${answer.ms} ms`),
			}
			console.info('Under load:', JSON.stringify(figures))

			expect(refused).toEqual([])
			// Enough load for a starving worker to show: at least one sign-up per visitor.
			expect(atTheEnd.acknowledged).toBeGreaterThanOrEqual(IN_FLIGHT)
			// Before: 6 of 484 here (9 of 1,048 in 80 s in issue 33); after: 40 of 351, on a machine
			// busy with other work. A starving worker stays far below a twentieth.
			expect(atTheEnd.delivered).toBeGreaterThanOrEqual(atTheEnd.acknowledged / 20)
			// A load balancer asking during the load is told the server is up.
			expect(health.length).toBeGreaterThan(0)
			expect(health.map((answer) => answer.status)).toEqual(health.map(() => 200))

			// Every acknowledged sign-up's confirmation arrives once the load is over.
			setTimeout(
				() =>
					console.info(
						server
							.output()
							.split('\n')
							.filter((l) => /error|warn|fail/i.test(l))
							.slice(0, 30)
							.join('\n'),
					),
				50_000,
			)
			await smtp.waitFor(acknowledged.at(-1)!, 1, 60_000)
			const until2 = Date.now() + 60_000
			const delivered = () => smtp.received.length - deliveredBefore
			while (delivered() < acknowledged.length && Date.now() < until2)
				await new Promise((resolve) => setTimeout(resolve, 100))
			expect(delivered()).toBe(acknowledged.length)
		},
		LOAD_MS + 150_000,
	)
})
