/**
 * The server's log written asynchronously (issue 35 item 5, decision 160): a reader of standard
 * output that falls behind holds up no request, and a graceful shutdown loses no line — the
 * last ones arrive before the process ends. Needs `npm run build`.
 */
import { describe, expect, test } from 'vitest'
import { logLines, startServer } from '../support/server'

const REQUESTS = 1_500

describe('the log at shutdown', () => {
	test('a log reader that stops reading holds up no request, and every line arrives once SIGTERM ends the server', async () => {
		const server = await startServer()
		// The reader stops: the pipe's buffer (64 KB) fills within a few hundred request lines.
		server.process.stdout!.pause()
		const ids: string[] = []
		for (let sent = 0; sent < REQUESTS; sent += 50) {
			const batch = await Promise.all(
				Array.from({ length: 50 }, () =>
					fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(10_000) }),
				),
			)
			for (const response of batch) {
				expect(response.status).toBe(200)
				ids.push(response.headers.get('x-request-id')!)
			}
		}
		server.process.kill('SIGTERM')
		server.process.stdout!.resume()
		expect(await server.exited).toBe(0)
		const lines = logLines(server.output())
		const logged = new Set(lines.map((line) => line.req_id))
		expect(ids.filter((id) => !logged.has(id))).toEqual([])
		expect(lines.at(-1)?.msg).toBe('Shut down cleanly')
		await server.stop()
	}, 120_000)
})
