/**
 * A full disk under the embedded database (issue 33, item 17; docs/decisions/104, 138): the
 * production server on PGlite, its DATA_DIR a small tmpfs filled to the last byte. Sign-ups
 * answer 503 with Retry-After (never a 500), /healthz answers 503, every sign-up acknowledged is
 * stored, and once room is made the server serves again without a restart. Mounting needs root
 * (the CI machine runs as root); elsewhere the suite is skipped. Needs `npm run build`.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from '~/db/client.server'
import { honeypotFields } from '../support/raw-http'
import { type RunningServer, startServer } from '../support/server'

/** Whether this process may mount a filesystem: tried once, on a probe directory. */
function canMount(): boolean {
	const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-full-probe-'))
	try {
		execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' })
		execFileSync('umount', [probe], { stdio: 'ignore' })
		return true
	} catch {
		return false
	} finally {
		fs.rmSync(probe, { recursive: true, force: true })
	}
}

/** Writes to `file` until the filesystem has no byte left. */
function fillUp(file: string) {
	const fd = fs.openSync(file, 'w')
	try {
		for (const size of [1 << 20, 4096, 1]) {
			const chunk = Buffer.alloc(size)
			try {
				for (;;) fs.writeSync(fd, chunk)
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
			}
		}
	} finally {
		fs.closeSync(fd)
	}
}

describe.skipIf(!canMount())('a full disk under PGlite', () => {
	let mountPoint: string
	let filler: string
	let server: RunningServer | undefined
	beforeAll(() => {
		mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-full-'))
		filler = path.join(mountPoint, 'filler')
		// Room for the migrated database (about 40 MB) and a little more.
		execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=200m', 'tmpfs', mountPoint])
	})
	afterAll(async () => {
		if (server && server.process.exitCode === null) server.process.kill('SIGTERM')
		await server?.exited
		execFileSync('umount', [mountPoint])
		fs.rmSync(mountPoint, { recursive: true, force: true })
	})

	test('sign-ups answer 503 with Retry-After and /healthz 503 while the disk is full; what was acknowledged is stored, and it serves again once there is room', async () => {
		server = await startServer({ DATA_DIR: mountPoint, RATE_LIMIT_MAX: '10000' })
		const running = server
		const acknowledged: string[] = []
		const signUp = async (email: string) => {
			const fields = await honeypotFields(running.url, '/workshop')
			const response = await fetch(`${running.url}/workshop?index`, {
				method: 'POST',
				redirect: 'manual',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: running.url },
				body: new URLSearchParams({ ...fields, email, firstName: 'Ada' }),
			})
			if (response.status === 302) acknowledged.push(email)
			return response
		}
		expect((await signUp('before@example.com')).status).toBe(302)

		fillUp(filler)
		// A write may still fit in a page the database had already allocated; the next do not.
		const refused: Response[] = []
		for (let i = 0; i < 10 && refused.length < 3; i++) {
			const response = await signUp(`full${i}@example.com`)
			if (response.status !== 302) refused.push(response)
		}
		expect(refused.length).toBe(3)
		for (const response of refused) {
			expect(response.status).toBe(503)
			expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
		}
		expect((await fetch(`${running.url}/healthz`)).status).toBe(503)

		fs.rmSync(filler)
		expect((await signUp('after@example.com')).status).toBe(302)
		expect((await fetch(`${running.url}/healthz`)).status).toBe(200)

		running.process.kill('SIGTERM')
		expect(await running.exited).toBe(0)
		const database = await openDatabase({ dir: path.join(mountPoint, 'pglite') })
		try {
			const { rows } = (await database.db.execute(
				sql`SELECT email FROM leads WHERE list = 'workshop'`,
			)) as unknown as { rows: { email: string }[] }
			expect(rows.map((row) => row.email).sort()).toEqual([...acknowledged].sort())
		} finally {
			await database.close()
		}
	}, 120_000)
})
