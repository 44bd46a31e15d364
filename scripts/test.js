// `npm test`: every check the project has, in order, stopping at the first failure:
// typecheck, lint, production build, vitest (unit + integration), Playwright end to end.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const CHROMIUM = '/usr/bin/chromium'
const bin = (name) => path.join('node_modules', '.bin', name)
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'test-reports-'))

function run(title, command, args, env = {}) {
	console.log(`\n▶ ${title}`)
	const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
	if (result.status !== 0) {
		console.error(`\n✖ ${title} failed`)
		process.exit(result.status ?? 1)
	}
}

// Playwright drives Debian's Chromium: its own browser download does not work here.
if (!fs.existsSync(CHROMIUM)) {
	run('Installing Chromium', 'sh', [
		'-c',
		'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
	])
}

// The HTML validity test runs the Nu HTML Checker (vnu-jar), a Java program.
const hasJava = spawnSync('sh', ['-c', 'command -v java'], { stdio: 'ignore' }).status === 0
if (!hasJava) {
	run('Installing Java for the HTML checker', 'sh', [
		'-c',
		'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless',
	])
}

// The invoice PDF's test reads its text back with pdftotext (poppler-utils), as a reader's copy
// and paste would (docs/decisions/133).
const hasPdftotext =
	spawnSync('sh', ['-c', 'command -v pdftotext'], { stdio: 'ignore' }).status === 0
if (!hasPdftotext) {
	run('Installing poppler-utils for the invoice PDF test', 'sh', [
		'-c',
		'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils',
	])
}

function freePort() {
	return new Promise((resolve, reject) => {
		const server = net.createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address()
			server.close(() => resolve(port))
		})
		server.on('error', reject)
	})
}

run('Typecheck', bin('tsc'), [])
run('Lint, format, unused code and import cycles', 'npm', ['run', 'lint', '--silent'])
// The tests' build: the production build, its events moved ahead of today (docs/decisions/125).
run('Build', 'npm', ['run', 'build:test', '--silent'])
run('Unit and integration tests', bin('vitest'), [
	'run',
	'--reporter=default',
	'--reporter=json',
	`--outputFile.json=${reports}/vitest.json`,
])
run('End-to-end tests', bin('playwright'), ['test', '--reporter=list,json'], {
	E2E_PORT: String(await freePort()),
	E2E_SMTP_PORT: String(await freePort()),
	E2E_MAIL_PORT: String(await freePort()),
	// The owner's dashboard site and its fake GitHub (playwright.config.ts).
	E2E_ADMIN_PORT: String(await freePort()),
	E2E_GITHUB_PORT: String(await freePort()),
	// The waiting list's sold-out sites, one per project (playwright.config.ts).
	E2E_WAITLIST_PORT: String(await freePort()),
	E2E_WAITLIST_NOJS_PORT: String(await freePort()),
	// The sites whose course the owner opens, one per project (decision 156).
	E2E_OPENED_PORT: String(await freePort()),
	E2E_OPENED_NOJS_PORT: String(await freePort()),
	E2E_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-')),
	PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json`,
})

// One closing line for the whole run.
const vitest = JSON.parse(fs.readFileSync(`${reports}/vitest.json`, 'utf8'))
const e2e = JSON.parse(fs.readFileSync(`${reports}/playwright.json`, 'utf8')).stats
const passed = vitest.numPassedTests + e2e.expected + e2e.flaky
const failed = vitest.numFailedTests + e2e.unexpected
const skipped = vitest.numPendingTests + vitest.numTodoTests + e2e.skipped
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed === 0 ? 0 : 1)
