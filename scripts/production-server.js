// Starts the production build on a free loopback port with a throwaway data dir, for the
// measuring scripts (bench, bench-admin, lighthouse). Resolves once it listens and has warmed up;
// `stop()` ends it.
// Its output is kept in a file until then (the error names it if the server exits first).
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
	const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'measure-log-')), 'server.log')
	// MEASURE_NODE_ARGS: options for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
	const nodeArgs = process.env.MEASURE_NODE_ARGS?.split(' ').filter(Boolean) ?? []
	const server = spawn(process.execPath, [...nodeArgs, 'build/server.js'], {
		cwd,
		env: {
			...process.env,
			NODE_ENV: 'production',
			HOST: '127.0.0.1',
			PORT: '0',
			DATA_DIR: dataDir,
			...env,
		},
		// The server's output goes to a file, never through a pipe to this process: here a busy
		// load generator would read it late, and the server, blocked on a full pipe at thousands of
		// request-log lines a second, slowed down the longer a run went (the static file itself
		// fell to 0.68× of its own first figure within 30 s).
		stdio: ['ignore', fs.openSync(logFile, 'w'), 'inherit'],
	})
	let exited = false
	server.on('exit', () => {
		exited = true
	})
	// Ready once it listens and has rendered its warm-up pages (docs/decisions/154), as the tests
	// wait for it: a figure never counts the start's own renders. A build without a warm-up (an
	// older baseline) is taken 15 s after it listens.
	let origin
	let listening
	while (!origin) {
		if (exited) throw new Error(`server exited with ${server.exitCode}: ${logFile}`)
		await new Promise((resolve) => setTimeout(resolve, 50))
		const output = fs.readFileSync(logFile, 'utf8')
		const match = output.match(/Listening on (http:\/\/[^\s"]+)/)
		if (match) listening ??= Date.now()
		if (match && (/Warm-up: \d+ pages/.test(output) || Date.now() - listening > 15_000))
			origin = match[1].replace('localhost', '127.0.0.1')
	}
	return {
		origin,
		pid: server.pid,
		stop() {
			server.kill('SIGTERM')
			// MEASURE_KEEP_LOGS=1 keeps the server's log to read after the run.
			if (process.env.MEASURE_KEEP_LOGS) console.error(`server log kept: ${logFile}`)
			else fs.rmSync(path.dirname(logFile), { recursive: true, force: true })
			if (!given) fs.rmSync(dataDir, { recursive: true, force: true })
		},
	}
}
