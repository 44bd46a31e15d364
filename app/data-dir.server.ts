/**
 * DATA_DIR, where the embedded database (and a generated session secret) live, must be a
 * directory this process can write, on a disk with room left (docs/decisions/104). Checked at
 * boot (a bad one stops the server with one line naming it) and by every `/healthz` (503 with
 * the reason), so a full disk or a read-only mount is seen before sign-ups are lost.
 */
import fs from 'node:fs'
import path from 'node:path'

/**
 * What went wrong, in one line without the path: Node says "ENOTDIR: not a directory, open
 * '/srv/data/.write-check-1'", and the path is the operator's business (logs), not the internet's
 * (`/healthz`).
 */
function probeProblem(error: unknown): string {
	const { code, message } = error as NodeJS.ErrnoException
	return code ? message.replace(/, \w+ '[^']*'$/, '') : String(error)
}

const probeFile = (dir: string) => path.join(dir, `.write-check-${process.pid}`)

/**
 * At boot: creates `dir` if missing and writes a file in it; throws an Error whose message names
 * the path and what went wrong.
 */
export function ensureWritableDataDir(dir: string): void {
	try {
		fs.mkdirSync(dir, { recursive: true })
		fs.writeFileSync(probeFile(dir), '')
		fs.rmSync(probeFile(dir), { force: true })
	} catch (error) {
		throw new Error(`DATA_DIR ${dir} is not a writable directory (${probeProblem(error)})`)
	}
}

export type DataDirHealth =
	| { ok: true; freeBytes: number }
	| { ok: false; problem: string; freeBytes?: number }

type StatFs = (dir: string) => Promise<{ bavail: number; bsize: number }>

/**
 * For `/healthz`: whether a file can be written in `dir` and its disk has at least
 * `minFreeBytes` free for this process (`fs.statfs`'s blocks available to unprivileged users).
 * `statfs` stands in for the file system in tests (a full disk).
 */
export async function checkDataDir(
	dir: string,
	minFreeBytes: number,
	statfs: StatFs = (target) => fs.promises.statfs(target),
): Promise<DataDirHealth> {
	try {
		await fs.promises.writeFile(probeFile(dir), '')
		await fs.promises.rm(probeFile(dir), { force: true })
	} catch (error) {
		return { ok: false, problem: `the data directory is not writable (${probeProblem(error)})` }
	}
	let freeBytes: number
	try {
		const stats = await statfs(dir)
		freeBytes = stats.bavail * stats.bsize
	} catch (error) {
		return {
			ok: false,
			problem: `the data directory's free space is unknown (${probeProblem(error)})`,
		}
	}
	if (freeBytes < minFreeBytes)
		return {
			ok: false,
			problem: `the data directory's disk is full: ${megabytes(freeBytes)} MB free, under the ${megabytes(minFreeBytes)} MB of DATA_DIR_MIN_FREE_MB`,
			freeBytes,
		}
	return { ok: true, freeBytes }
}

const megabytes = (bytes: number) => Math.floor(bytes / 1024 / 1024)
