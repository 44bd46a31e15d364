import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { checkDataDir, ensureWritableDataDir } from './data-dir.server'

const MB = 1024 * 1024
const made: string[] = []
function tempDir() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-test-'))
	made.push(dir)
	return dir
}
afterEach(() => {
	for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** A path under a regular file: nobody, root included, can create or write it. */
function underAFile() {
	const file = path.join(tempDir(), 'a-file')
	fs.writeFileSync(file, '')
	return path.join(file, 'data')
}

describe('the data directory', () => {
	test('a writable directory with room is healthy, and the check leaves nothing behind', async () => {
		const dir = tempDir()
		const health = await checkDataDir(dir, 1)
		expect(health).toMatchObject({ ok: true })
		expect((health as { freeBytes: number }).freeBytes).toBeGreaterThan(0)
		expect(fs.readdirSync(dir)).toEqual([])
	})

	test('a disk with less free space than the threshold is reported full', async () => {
		const statfs = async () => ({ bavail: 10, bsize: MB })
		expect(await checkDataDir(tempDir(), 100 * MB, statfs)).toEqual({
			ok: false,
			freeBytes: 10 * MB,
			problem:
				"the data directory's disk is full: 10 MB free, under the 100 MB of DATA_DIR_MIN_FREE_MB",
		})
		expect(await checkDataDir(tempDir(), 10 * MB, statfs)).toEqual({ ok: true, freeBytes: 10 * MB })
	})

	test('a directory that cannot be written is reported with the reason', async () => {
		const health = await checkDataDir(underAFile(), 1)
		expect(health).toEqual({
			ok: false,
			problem: expect.stringMatching(/^the data directory is not writable \((ENOTDIR|ENOENT): /),
		})
	})

	test('at boot, an unusable directory is an error naming its path; a missing one is made', () => {
		const bad = underAFile()
		expect(() => ensureWritableDataDir(bad)).toThrow(
			new RegExp(`^DATA_DIR ${bad} is not a writable directory \\(ENOTDIR: `),
		)
		const missing = path.join(tempDir(), 'new', 'data')
		ensureWritableDataDir(missing)
		expect(fs.readdirSync(missing)).toEqual([])
	})
})
