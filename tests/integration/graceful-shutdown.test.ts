/**
 * SIGTERM with sign-ups in flight (docs/decisions/134): every request already sent gets an HTTP
 * answer — its own, or 503 with `Connection: close` and `Retry-After` — never a TCP reset, and
 * every sign-up acknowledged is stored. The production build on PGlite, its data read afterwards.
 * Needs `npm run build`.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import { openDatabase } from '~/db/client.server'
import { leads } from '~/db/schema-leads.server'
import { type RunningServer, startServer } from '../support/server'

const IN_FLIGHT = 30

type Outcome = { email: string; status: number | null; error: string | null }

/** A sign-up form post on its own keep-alive connection; resolves with its answer or its error. */
function postSignUp(
	server: RunningServer,
	agent: http.Agent,
	email: string,
	fields: Record<string, string>,
): Promise<Outcome> {
	const body = new URLSearchParams({ ...fields, email, firstName: 'Ada' }).toString()
	return new Promise((resolve) => {
		const request = http.request(
			{
				host: '127.0.0.1',
				port: server.port,
				path: '/workshop?index',
				method: 'POST',
				agent,
				headers: {
					'Content-Type': 'application/x-www-form-urlencoded',
					'Content-Length': Buffer.byteLength(body),
					Origin: server.url,
				},
			},
			(response) => {
				response.resume()
				response.on('end', () => resolve({ email, status: response.statusCode!, error: null }))
				response.on('error', (error) => resolve({ email, status: null, error: error.message }))
			},
		)
		request.on('error', (error) =>
			resolve({ email, status: null, error: `${(error as NodeJS.ErrnoException).code}` }),
		)
		request.end(body)
	})
}

describe('graceful shutdown under load', () => {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graceful-shutdown-'))
	afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

	test(`SIGTERM with ${IN_FLIGHT} visitors signing up: each request sent gets an answer, none is reset, every acknowledged sign-up is stored`, async () => {
		const server = await startServer({ DATA_DIR: dataDir, RATE_LIMIT_MAX: '100000' })
		// Each visitor keeps one connection alive, as a browser does, and signs up again and again.
		const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT })
		let signalled = false
		const outcomes: Outcome[] = []
		const stamp = Date.now()
		// Visitors with a sign-up answered (or done): the signal waits for all of them, so that every
		// visitor's connection is open and in use when it comes.
		const underway = new Set<number>()
		const visitor = async (v: number) => {
			for (let round = 0; round < 40 && !signalled; round++) {
				const fields = await getFields(server, agent)
				if (fields.status === null) {
					outcomes.push({ email: '', status: null, error: fields.error })
					return
				}
				if (fields.status !== 200 || signalled) {
					outcomes.push({ email: '', status: fields.status, error: null })
					return
				}
				const outcome = await postSignUp(
					server,
					agent,
					`shutdown-${stamp}-${v}-${round}@example.com`,
					fields.fields,
				)
				outcomes.push(outcome)
				underway.add(v)
				if (outcome.status !== 302) return
			}
		}
		const visitors = Array.from({ length: IN_FLIGHT }, (_, v) =>
			visitor(v).finally(() => underway.add(v)),
		)
		// Mid-flight: once every visitor's sign-ups are being answered, with more sent and waiting to
		// be read. Signalling after 30 answered sign-ups in all, from whichever visitors, failed on a
		// starved machine (CI, and here with three busy loops beside four runs): three to ten
		// visitors' first requests, on fresh connections, were still unanswered 7 s after they were
		// sent, and about a second after the signal they were reset. Such a connection is one the
		// server has not yet accepted or read; the session note of 2026-11-28 (night) has the trace.
		while (underway.size < IN_FLIGHT) {
			await new Promise((resolve) => setTimeout(resolve, 10))
		}
		signalled = true
		server.process.kill('SIGTERM')
		await Promise.all(visitors)
		agent.destroy()
		expect(await server.exited).toBe(0)

		const unanswered = outcomes.filter((outcome) => outcome.status === null)
		expect(unanswered).toEqual([])
		for (const outcome of outcomes) expect([200, 302, 503]).toContain(outcome.status)

		const acknowledged = outcomes.filter((o) => o.email && o.status === 302)
		expect(acknowledged.length).toBeGreaterThanOrEqual(IN_FLIGHT)
		const database = await openDatabase({ dir: path.join(dataDir, 'pglite') })
		try {
			const stored = await database.db
				.select({ email: leads.email })
				.from(leads)
				.where(
					inArray(
						leads.email,
						acknowledged.map((o) => o.email),
					),
				)
			expect(new Set(stored.map((row) => row.email)).size).toBe(acknowledged.length)
		} finally {
			await database.close()
		}
	}, 180_000)
})

/** The sign-up page's honeypot fields, fetched on the visitor's own connection. */
function getFields(
	server: RunningServer,
	agent: http.Agent,
): Promise<
	| { status: number; fields: Record<string, string>; error: null }
	| { status: null; fields: null; error: string }
> {
	return new Promise((resolve) => {
		http
			.get({ host: '127.0.0.1', port: server.port, path: '/workshop', agent }, (response) => {
				let html = ''
				response.setEncoding('utf8')
				response.on('data', (chunk) => {
					html += chunk
				})
				response.on('end', () => {
					const validFrom = html.match(/name="from__confirm"[^>]*value="([^"]+)"/)?.[1] ?? ''
					resolve({
						status: response.statusCode!,
						fields: { website: '', from__confirm: validFrom },
						error: null,
					})
				})
			})
			.on('error', (error) =>
				resolve({ status: null, fields: null, error: `${(error as NodeJS.ErrnoException).code}` }),
			)
	})
}
