/**
 * Methods the site does not serve (docs/decisions/133): TRACE, WebDAV's PROPFIND and the like
 * answer 405 with `Allow` before the app sees them, OPTIONS answers 204 with `Allow`, and none of
 * them leaves an error or a warning in the log (a probe used to print a stack per request).
 * Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rawRequest } from '../../support/raw-http'
import { logLines, type RunningServer, startServer } from '../../support/server'

const ALLOW = 'GET, HEAD, POST'

describe('methods the site does not serve', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer()
	}, 120_000)
	afterAll(() => server?.stop())

	const problemsLoggedSince = (mark: number) =>
		logLines(server.output().slice(mark)).filter(
			(line) => line.level === 'error' || line.level === 'warn' || line.level === 'raw',
		)

	for (const method of [
		'TRACE',
		'PROPFIND',
		'PROPPATCH',
		'MKCOL',
		'COPY',
		'MOVE',
		'LOCK',
		'SEARCH',
	]) {
		test(`${method} answers 405 with Allow, on a page and an unknown path, and logs no error or warning`, async () => {
			const mark = server.output().length
			for (const path of ['/', '/workshop', '/no-such-page', '/api/course']) {
				const response = await rawRequest(server.port, { method, path })
				expect(response.status, `${method} ${path}`).toBe(405)
				expect(response.headers.allow, `${method} ${path}`).toBe(ALLOW)
				expect(response.body).toBe('Method Not Allowed')
			}
			// The request lines are written once each response has finished.
			await new Promise((resolve) => setTimeout(resolve, 100))
			expect(problemsLoggedSince(mark)).toEqual([])
		})
	}

	test('OPTIONS answers 204 with Allow and no body, and logs no error or warning', async () => {
		const mark = server.output().length
		for (const path of ['/', '/workshop', '/no-such-page', '/webhooks/stripe']) {
			const response = await rawRequest(server.port, { method: 'OPTIONS', path })
			expect(response.status, path).toBe(204)
			expect(response.headers.allow, path).toBe(ALLOW)
			expect(response.body).toBe('')
		}
		await new Promise((resolve) => setTimeout(resolve, 100))
		expect(problemsLoggedSince(mark)).toEqual([])
	})

	test('the methods the site serves still reach it', async () => {
		expect((await rawRequest(server.port, { path: '/' })).status).toBe(200)
		expect((await rawRequest(server.port, { method: 'HEAD', path: '/' })).status).toBe(200)
		// The JSON API keeps answering its own 405 for the methods it refuses.
		const put = await rawRequest(server.port, { method: 'PUT', path: '/api/course', body: '{}' })
		expect(put.status).toBe(405)
		expect(put.headers.allow).toBe('GET, HEAD')
	})
})
