/**
 * `/healthz` tells the truth about DATA_DIR, and a bad DATA_DIR stops the server at boot with one
 * line naming it (docs/decisions/104); its detail is for the operator's token only (133). Tests
 * may run as root, for whom permissions stop nothing: an unusable directory is a path under a
 * regular file. Needs `npm run build`.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import {
	type RunningServer,
	startServer,
	startServerExpectingFailure,
	TEST_METRICS_TOKEN,
	withMetricsToken,
} from '../support/server'

const made: string[] = []
function underAFile() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-test-'))
	made.push(dir)
	fs.writeFileSync(path.join(dir, 'a-file'), '')
	return path.join(dir, 'a-file', 'data')
}
afterAll(() => {
	for (const dir of made) fs.rmSync(dir, { recursive: true, force: true })
})

/** What the operator sees: the detail comes with the metrics token. */
async function health(server: RunningServer, headers: Record<string, string> = withMetricsToken) {
	const response = await fetch(`${server.url}/healthz`, { headers })
	return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('a DATA_DIR that cannot be used, at boot', () => {
	for (const [when, env] of [
		['with a generated session secret', {}],
		['with SESSION_SECRET set', { SESSION_SECRET: 's'.repeat(32) }],
	] as const) {
		test(`stops the server with one line naming the directory, not a stack trace (${when})`, async () => {
			const dataDir = underAFile()
			const { code, messages } = await startServerExpectingFailure({ DATA_DIR: dataDir, ...env })
			expect(code).toBe(1)
			expect(messages).toHaveLength(1)
			expect(messages[0]).toMatch(
				new RegExp(`^DATA_DIR ${dataDir} is not a writable directory \\(ENOTDIR: [^\\n]*\\)$`),
			)
		})
	}
})

describe('/healthz and the data directory', () => {
	let server: RunningServer
	let dataDir: string
	beforeAll(async () => {
		dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-test-'))
		made.push(dataDir)
		server = await startServer({ DATA_DIR: dataDir })
	})
	afterAll(() => server.stop())
	afterEach(() => {
		if (fs.statSync(dataDir).isFile()) {
			fs.rmSync(dataDir)
			fs.renameSync(`${dataDir}.moved`, dataDir)
		}
	})

	test('answers 200 while the directory is writable, without telling the public how full the disk is', async () => {
		const { status, body } = await health(server)
		expect(status).toBe(200)
		expect(body).toMatchObject({ status: 'ok' })
		expect(JSON.stringify(body)).not.toMatch(/free/i)
	})

	test('answers 503 with the reason when the directory can no longer be written, and 200 once it can', async () => {
		const mark = server.output().length
		fs.renameSync(dataDir, `${dataDir}.moved`)
		fs.writeFileSync(dataDir, '')
		for (let i = 0; i < 3; i++) {
			const { status, body } = await health(server)
			expect(status).toBe(503)
			expect(body).toMatchObject({
				status: 'unavailable',
				reason: expect.stringMatching(/^the data directory is not writable \(ENOTDIR: /),
			})
			// The path is the operator's business, not the internet's.
			expect(JSON.stringify(body)).not.toContain(dataDir)
		}
		// One line in the log naming the directory, not one per check. The log is written
		// asynchronously (decision 160): a line can reach the output just after its answer.
		const logged = (line: string) =>
			vi.waitFor(() => expect(server.output().slice(mark)).toContain(line), { timeout: 5_000 })
		await logged(`Health check: DATA_DIR ${dataDir}: the data directory is not writable`)
		const lines = server
			.output()
			.slice(mark)
			.match(/Health check: DATA_DIR/g)
		expect(lines).toHaveLength(1)

		fs.rmSync(dataDir)
		fs.renameSync(`${dataDir}.moved`, dataDir)
		expect((await health(server)).status).toBe(200)
		await logged(`Health check: DATA_DIR ${dataDir} is fine again`)
	})
})

describe('/healthz on a full disk', () => {
	let server: RunningServer
	// More free space than any test machine has: the disk counts as full.
	beforeAll(async () => {
		server = await startServer({ DATA_DIR_MIN_FREE_MB: '1000000000' })
	})
	afterAll(() => server.stop())

	test('answers 503 with the free space and the threshold', async () => {
		const { status, body } = await health(server)
		expect(status).toBe(503)
		expect(body).toMatchObject({
			status: 'unavailable',
			reason: expect.stringMatching(
				/^the data directory's disk is full: \d+ MB free, under the 1000000000 MB of DATA_DIR_MIN_FREE_MB$/,
			),
		})
	})
})

describe('/healthz to anyone without the metrics token', () => {
	let server: RunningServer
	let full: RunningServer
	beforeAll(async () => {
		;[server, full] = await Promise.all([
			startServer(),
			startServer({ DATA_DIR_MIN_FREE_MB: '1000000000' }),
		])
	})
	afterAll(() => Promise.all([server?.stop(), full?.stop()]))

	const strangers: Record<string, string>[] = [
		{},
		{ Authorization: 'Bearer not-the-token-at-all-0123' },
		{ Authorization: `Bearer ${TEST_METRICS_TOKEN}x` },
		{ Authorization: `Basic ${TEST_METRICS_TOKEN}` },
	]

	test('says ok with a 200 and nothing about the engine, the queue or the page cache', async () => {
		for (const headers of strangers) {
			const { status, body } = await health(server, headers)
			expect(status, JSON.stringify(headers)).toBe(200)
			expect(body, JSON.stringify(headers)).toEqual({ status: 'ok' })
		}
		const detailed = await health(server)
		expect(detailed.body).toMatchObject({
			status: 'ok',
			database: 'pglite',
			queue: expect.objectContaining({ waiting: expect.any(Number) }),
			pageCache: expect.objectContaining({ hits: expect.any(Number) }),
		})
	})

	test('says unavailable with a 503 and no reason; the token shows the reason', async () => {
		for (const headers of strangers) {
			const { status, body } = await health(full, headers)
			expect(status, JSON.stringify(headers)).toBe(503)
			expect(body, JSON.stringify(headers)).toEqual({ status: 'unavailable' })
		}
		expect((await health(full)).body).toMatchObject({
			status: 'unavailable',
			reason: expect.stringMatching(/^the data directory's disk is full/),
		})
	})

	test('without METRICS_TOKEN set, nobody gets the detail', async () => {
		const unset = await startServer({ METRICS_TOKEN: '' })
		try {
			for (const headers of [...strangers, withMetricsToken]) {
				expect((await health(unset, headers)).body).toEqual({ status: 'ok' })
			}
		} finally {
			await unset.stop()
		}
	})
})
