import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const projectRoot = path.resolve(import.meta.dirname, '../..')

/**
 * The METRICS_TOKEN every test server gets unless a test sets its own (or '' for none): the
 * detail of /healthz (the job queue, the page cache) is shown only with it (docs/decisions/133).
 */
export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789'

/**
 * The OWNER_TOTP_DRIFT_STEPS every test server gets: codes of the next half hour's steps are
 * taken, so a test's authenticator (tests/support/step-up.ts) uses a new step at once rather than
 * wait up to 30 seconds for the clock to reach it (docs/decisions/180). Sites keep 1.
 */
export const TEST_TOTP_DRIFT_STEPS = 60

/** The headers that show /healthz's detail on a test server. */
export const withMetricsToken = { Authorization: `Bearer ${TEST_METRICS_TOKEN}` }

export type RunningServer = {
	url: string
	port: number
	process: ChildProcess
	/** Everything the server printed so far. */
	output: () => string
	/** Resolves with the exit code once the process has ended. */
	exited: Promise<number | null>
	stop: () => Promise<void>
}

/**
 * Starts the production build (`npm run build` first) on a free loopback port with a throwaway
 * data dir, the way `npm start` runs it. `env` adds to or overrides the environment; `root` is
 * another copy of the project to run, `script` another way to run it (`scripts/dev.js`), and
 * `command` a whole command line instead (`npm start`).
 */
export async function startServer(
	env: Record<string, string> = {},
	{
		root = projectRoot,
		script = 'build/server.js',
		command,
	}: { root?: string; script?: string; command?: [string, ...string[]] } = {},
): Promise<RunningServer> {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-'))
	const { child, output } = spawnServer(
		{
			DATA_DIR: dataDir,
			METRICS_TOKEN: TEST_METRICS_TOKEN,
			// A test server's loop stalls for seconds when the machine is shared: shedding form posts
			// then (decision 162) would fail tests about something else. The overload test sets it.
			OVERLOAD_EVENT_LOOP_LAG_MS: '0',
			OWNER_TOTP_DRIFT_STEPS: String(TEST_TOTP_DRIFT_STEPS),
			...env,
		},
		root,
		command ?? [process.execPath, path.join(root, script)],
	)
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
	// The production server renders the header's pages once it listens (docs/decisions/154): a
	// test starts once that is done, so no render of the warm-up counts in its figures. A server
	// waiting for its database warms up only later; a server in development
	// (`npm run dev`, or NODE_ENV=development) never does.
	const warmsUp =
		env.NODE_ENV !== 'development' &&
		(command ? !command.includes('dev') : script === 'build/server.js')
	const port = await new Promise<number>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output()}`)), 90_000)
		const check = () => {
			const match = output().match(/Listening on http:\/\/[^:]+:(\d+)/)
			const ready =
				!warmsUp ||
				/Warm-up: \d+ pages/.test(output()) ||
				output().includes('The database does not answer')
			if (match && ready) {
				clearTimeout(timer)
				resolve(Number(match[1]))
			}
		}
		child.stdout!.on('data', check)
		exited.then((code) => {
			clearTimeout(timer)
			reject(new Error(`Server exited with ${code}:\n${output()}`))
		})
	})
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		process: child,
		output,
		exited,
		stop: async () => {
			if (child.exitCode === null) child.kill('SIGTERM')
			await exited
			fs.rmSync(dataDir, { recursive: true, force: true })
		},
	}
}

export type LogLine = { level: string; msg: string; req_id?: string; [field: string]: unknown }

/**
 * The server's log lines (one JSON object each, docs/decisions/108), in order; a line that is not
 * the logger's (a dependency writing to the console) is kept as `{ level: 'raw', msg }`.
 */
export function logLines(output: string): LogLine[] {
	return output
		.split('\n')
		.filter((line) => line.trim() !== '')
		.map((line) => {
			try {
				return JSON.parse(line) as LogLine
			} catch {
				return { level: 'raw', msg: line }
			}
		})
}

/** Runs the server with `env` expecting it to refuse to start; resolves with its exit code and output. */
export async function startServerExpectingFailure(env: Record<string, string>) {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-'))
	const { child, output } = spawnServer({ DATA_DIR: dataDir, ...env })
	// A server that starts after all is a failed expectation, not a hung test.
	const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
	const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
	clearTimeout(timer)
	fs.rmSync(dataDir, { recursive: true, force: true })
	return { code, output: output(), messages: logLines(output()).map((line) => line.msg) }
}

/** Spawns the server of the project in `root` on loopback, collecting what it prints. */
function spawnServer(
	env: Record<string, string>,
	root = projectRoot,
	[program, ...args]: [string, ...string[]] = [
		process.execPath,
		path.join(root, 'build/server.js'),
	],
) {
	if (!fs.existsSync(path.join(root, 'build/server.js'))) {
		throw new Error('No production build: run `npm run build` first')
	}
	const child = spawn(program, args, {
		cwd: root,
		env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	const collect = (chunk: Buffer) => {
		output += chunk
	}
	child.stdout!.on('data', collect)
	child.stderr!.on('data', collect)
	return { child, output: () => output }
}

type QueueFigures = { waiting: number; running: number; scheduled: number; failed: number }

/**
 * Resolves once the server's job queue has nothing due or running (its /healthz `queue`,
 * docs/decisions/075): every e-mail a request queued has been delivered, retried later or given
 * up. What a test then finds missing was never sent.
 */
export async function queueSettled(
	server: { url: string },
	timeoutMs = 20_000,
): Promise<QueueFigures> {
	const until = Date.now() + timeoutMs
	for (;;) {
		const response = await fetch(`${server.url}/healthz`, { headers: withMetricsToken })
		const body = (await response.json()) as { queue?: QueueFigures }
		if (body.queue && body.queue.waiting === 0 && body.queue.running === 0) return body.queue
		if (Date.now() > until) throw new Error(`The job queue did not settle: ${JSON.stringify(body)}`)
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
}
