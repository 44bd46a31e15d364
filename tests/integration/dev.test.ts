/**
 * `npm run dev` (scripts/dev.js, docs/decisions/098) on a copy of the project with the
 * production build beside it: an edit to a route's loader is served without a restart, SIGTERM
 * to `npm run dev` stops its server too, and `npm start` still runs the production build, its
 * compiled content untouched, afterwards (docs/decisions/151).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logLines, type RunningServer, startServer } from '../support/server'

const projectRoot = path.resolve(import.meta.dirname, '../..')
// What the dev server needs from the project: its sources and configuration.
const SKIPPED = new Set(['.git', 'node_modules', 'build', 'data', 'test-results', '.cache', 'docs'])

let copy: string
let dev: RunningServer
let builtBeforeDev: Record<string, string>

/** The production build's files, their digests and when they were written. */
function productionBuild() {
	const digests: Record<string, string> = {}
	for (const dir of ['build/client', 'build/server', 'build/content']) {
		for (const file of fs.readdirSync(path.join(copy, dir), {
			recursive: true,
			encoding: 'utf8',
		})) {
			const full = path.join(copy, dir, file)
			const stat = fs.statSync(full)
			if (stat.isFile()) {
				// With the time it was written: the content build writes the same bytes again.
				digests[path.join(dir, file)] = `${crypto
					.createHash('sha256')
					.update(fs.readFileSync(full))
					.digest('hex')} ${stat.mtimeMs}`
			}
		}
	}
	return digests
}

beforeAll(async () => {
	copy = fs.mkdtempSync(path.join(os.tmpdir(), 'site-dev-'))
	fs.cpSync(projectRoot, copy, {
		recursive: true,
		filter: (source) => !SKIPPED.has(path.relative(projectRoot, source).split(path.sep)[0] ?? ''),
	})
	fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(copy, 'node_modules'))
	fs.cpSync(path.join(projectRoot, 'build'), path.join(copy, 'build'), {
		recursive: true,
		filter: (source) => !source.includes(`${path.sep}build${path.sep}dev`),
	})
	builtBeforeDev = productionBuild()
	dev = await startServer({}, { root: copy, command: ['npm', 'run', 'dev'] })
})

afterAll(async () => {
	await dev?.stop()
	if (copy) fs.rmSync(copy, { recursive: true, force: true })
})

describe('npm run dev', () => {
	it("serves an edit to a route's loader at the next request, without restarting", async () => {
		const before = await fetch(`${dev.url}/api/country`)
		expect(before.status).toBe(200)
		expect(before.headers.get('X-Edited')).toBeNull()

		// The route's loader, wrapped by an edit that marks its answers.
		const route = path.join(copy, 'app/routes/api/api.country.ts')
		const source = fs.readFileSync(route, 'utf8')
		const edited = `${source.replace('export async function loader(', 'async function loaderBeforeEdit(')}
export async function loader(args: LoaderFunctionArgs) {
	const response = await loaderBeforeEdit(args)
	response.headers.set('X-Edited', 'yes')
	return response
}
`
		expect(edited).toContain('loaderBeforeEdit(')
		fs.writeFileSync(route, edited)

		await expect
			.poll(async () => (await fetch(`${dev.url}/api/country`)).headers.get('X-Edited'), {
				timeout: 10_000,
			})
			.toBe('yes')
		expect(dev.output().match(/Listening on/g)).toHaveLength(1)
	})

	it('renders pages from the sources, with the development build of React', async () => {
		const response = await fetch(`${dev.url}/workshop`, {
			headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' },
		})
		expect(response.status).toBe(200)
		// The entry module from the sources, compiled on request (production names /assets/ files).
		expect(await response.text()).toContain('import("/app/entry.client.tsx")')
	})

	it('SIGTERM to npm run dev stops its server too: nothing is left on the port', async () => {
		const serverPid = logLines(dev.output()).find((line) => line.msg.startsWith('Listening on'))
			?.pid as number
		expect(serverPid).toBeGreaterThan(0)
		await dev.stop()

		await expect.poll(() => isRunning(serverPid), { timeout: 20_000 }).toBe(false)
		expect(await portAnswers(dev.port)).toBe(false)
	}, 30_000)

	it('leaves the production build alone, and npm start runs it afterwards', async () => {
		await dev.stop()
		expect(productionBuild()).toEqual(builtBeforeDev)

		const production = await startServer({}, { root: copy })
		try {
			const response = await fetch(`${production.url}/workshop`, {
				headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' },
			})
			expect(response.status).toBe(200)
			expect(await response.text()).not.toContain('/app/entry.client.tsx')
			expect(production.output()).not.toMatch(/jsxDEV|Error/)
		} finally {
			await production.stop()
		}
	})
})

function isRunning(pid: number): boolean {
	try {
		process.kill(pid, 0)
		return true
	} catch {
		return false
	}
}

function portAnswers(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1')
		socket.once('connect', () => {
			socket.destroy()
			resolve(true)
		})
		socket.once('error', () => resolve(false))
	})
}
