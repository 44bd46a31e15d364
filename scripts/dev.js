// `npm run dev`: the site from its sources, on the same server as production (server.ts) with
// Vite's dev server inside it (docs/decisions/098). Route modules, components, models and
// loaders are compiled by Vite on request, so an edit is served at the next request (components
// update in place); an edit to server.ts or to code it imports itself (configuration, the job
// worker, the page cache) restarts the server. Writes only under build/dev/, its content
// included (docs/decisions/151): build/content is what `npm start` serves and a deploy ships.
import { spawn } from 'node:child_process'
import { context } from 'esbuild'
import { serverBundleOptions } from './server-bundle.js'

const outfile = 'build/dev/server.js'
// A server that ignores SIGTERM past its own shutdown deadline (9 s, server.ts) is killed.
const SERVER_STOP_TIMEOUT_MS = 15_000
let server
let contentBuild
let watcher
let stopping = false

// Installed first: a signal during the content build must stop it too, not leave it running.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal))

// `npm run` starts this under `sh -c`, and a shell that is sent SIGTERM ends without passing it
// on: this process is then re-parented. Losing the parent, whatever ended it, stops the server,
// so nothing is left on the port (issue 36 item 15).
const parentAtStart = process.ppid
setInterval(() => {
	if (process.ppid !== parentAtStart) stop('SIGTERM')
}, 250).unref()

async function stop(signal) {
	if (stopping) return
	stopping = true
	contentBuild?.kill(signal)
	await watcher?.dispose()
	if (!server || server.exitCode !== null) process.exit(0)
	server.kill(signal)
	setTimeout(() => server.kill('SIGKILL'), SERVER_STOP_TIMEOUT_MS).unref()
}

function start() {
	if (stopping) return
	server = spawn(process.execPath, ['--enable-source-maps', outfile], {
		stdio: 'inherit',
		env: { ...process.env, NODE_ENV: 'development' },
	})
	server.on('exit', (code) => {
		if (stopping) process.exit(code ?? 0)
	})
}

async function restart() {
	if (stopping) return
	if (!server || server.exitCode !== null) return start()
	const exited = new Promise((resolve) => server.once('exit', resolve))
	server.kill('SIGTERM')
	await exited
	start()
}

const contentBuilt = await new Promise((resolve) => {
	contentBuild = spawn(
		process.execPath,
		['scripts/build-content.js', '--out', 'build/dev/content'],
		{ stdio: 'inherit' },
	)
	contentBuild.on('exit', (code) => resolve(code === 0))
})
if (stopping) process.exit(0)
if (!contentBuilt) process.exit(1)

watcher = await context({
	...serverBundleOptions,
	entryPoints: ['server.ts'],
	outfile,
	plugins: [
		{
			name: 'restart-server',
			setup(build) {
				build.onEnd((result) => {
					if (result.errors.length === 0) restart()
				})
			},
		},
	],
})
if (stopping) await watcher.dispose()
else await watcher.watch()
