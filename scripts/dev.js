// `npm run dev`: the site from its sources, on the same server as production (server.ts) with
// Vite's dev server inside it (docs/decisions/098). Route modules, components, models and
// loaders are compiled by Vite on request, so an edit is served at the next request (components
// update in place); an edit to server.ts or to code it imports itself (configuration, the job
// worker, the page cache) restarts the server. Writes only build/dev/ and build/content/ (the
// same content `npm run build` writes), so `npm start` keeps working beside it.
import { execFileSync, spawn } from 'node:child_process'
import { context } from 'esbuild'
import { serverBundleOptions } from './server-bundle.js'

execFileSync(process.execPath, ['scripts/build-content.js'], { stdio: 'inherit' })

const outfile = 'build/dev/server.js'
let server
let stopping = false

function start() {
	server = spawn(process.execPath, ['--enable-source-maps', outfile], {
		stdio: 'inherit',
		env: { ...process.env, NODE_ENV: 'development' },
	})
	server.on('exit', (code) => {
		if (stopping) process.exit(code ?? 0)
	})
}

async function restart() {
	if (!server || server.exitCode !== null) return start()
	const exited = new Promise((resolve) => server.once('exit', resolve))
	server.kill('SIGTERM')
	await exited
	start()
}

const watcher = await context({
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
await watcher.watch()

for (const signal of ['SIGINT', 'SIGTERM'])
	process.on(signal, async () => {
		stopping = true
		await watcher.dispose()
		if (!server || server.exitCode !== null) process.exit(0)
		server.kill(signal)
	})
