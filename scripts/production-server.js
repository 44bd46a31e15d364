// Starts the production build on a free loopback port with a throwaway data dir, for the
// measuring scripts (bench, bench-admin, lighthouse). Resolves once it listens; `stop()` ends it.
// `env` adds to the environment; `dataDir` runs on an existing data dir (kept on stop); `cwd` is
// another checkout of the site, already built, to start instead of this one (bench-phone's baseline).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export async function startProductionServer({ env = {}, dataDir: given, cwd = '.' } = {}) {
	if (!fs.existsSync(path.join(cwd, 'build/server.js'))) {
		console.error(`No production build in ${path.resolve(cwd)}: run \`npm run build\` there first.`)
		process.exit(1)
	}
	const dataDir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'measure-data-'))
	const server = spawn(process.execPath, ['build/server.js'], {
		cwd,
		env: {
			...process.env,
			NODE_ENV: 'production',
			HOST: '127.0.0.1',
			PORT: '0',
			DATA_DIR: dataDir,
			...env,
		},
		stdio: ['ignore', 'pipe', 'inherit'],
	})
	const origin = await new Promise((resolve, reject) => {
		let output = ''
		server.stdout.on('data', (chunk) => {
			output += chunk
			const match = output.match(/Listening on (http:\/\/[^\s"]+)/)
			if (match) resolve(match[1].replace('localhost', '127.0.0.1'))
		})
		server.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
	})
	// The request log would only slow the measurement down; drain it.
	server.stdout.resume()
	return {
		origin,
		pid: server.pid,
		stop() {
			server.kill('SIGTERM')
			if (!given) fs.rmSync(dataDir, { recursive: true, force: true })
		},
	}
}
