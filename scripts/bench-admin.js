// `npm run bench:admin`: the owner's dashboard at scale (docs/performance.md "Owner's
// dashboard"). Seeds a throwaway database with 100,000 orders and 200,000 leads
// (build/seed-admin-scale.js), starts the production build on it, signs in as an owner by
// minting the session cookie the GitHub callback would set, and times the list pages, a deep
// keyset page, an export and the overview. A benchmark: it reports, and exits 1 only when a
// page misses the 200 ms budget at the median. Run `npm run build` first.
// BENCH_ADMIN_ORDERS / BENCH_ADMIN_LEADS / BENCH_ADMIN_RUNS tune it.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createCookie, createCookieSessionStorage } from '@remix-run/node'

const orders = process.env.BENCH_ADMIN_ORDERS ?? '100000'
const leads = process.env.BENCH_ADMIN_LEADS ?? '200000'
const runs = Number(process.env.BENCH_ADMIN_RUNS ?? 15)
const BUDGET_MS = 200
const OWNER = { login: 'bench-owner', githubId: 424242 }
const SESSION_SECRET = 'bench-admin-session-secret-0123456789abcdef'

if (!fs.existsSync('build/server.js') || !fs.existsSync('build/seed-admin-scale.js')) {
	console.error('No production build: run `npm run build` first.')
	process.exit(1)
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-admin-'))
const env = {
	...process.env,
	NODE_ENV: 'production',
	HOST: '127.0.0.1',
	PORT: '0',
	DATA_DIR: dataDir,
	SESSION_SECRET,
	// A GitHub OAuth app (never called here): owners are GitHub accounts, not emulator identities.
	GITHUB_CLIENT_ID: 'bench',
	GITHUB_CLIENT_SECRET: 'bench',
	ADMIN_GITHUB_LOGINS: OWNER.login,
}

console.log(`Seeding ${orders} orders and ${leads} leads into ${dataDir} …`)
const seed = spawnSync(
	process.execPath,
	[
		'build/seed-admin-scale.js',
		'--orders',
		orders,
		'--leads',
		leads,
		'--owner',
		`${OWNER.login}:${OWNER.githubId}`,
	],
	{ env, stdio: 'inherit' },
)
if (seed.status !== 0) process.exit(seed.status ?? 1)

const server = spawn(process.execPath, ['build/server.js'], {
	env,
	stdio: ['ignore', 'pipe', 'inherit'],
})
const origin = await new Promise((resolve, reject) => {
	let output = ''
	server.stdout.on('data', (chunk) => {
		output += chunk
		const match = output.match(/Listening on (http:\/\/\S+)/)
		if (match) resolve(match[1].replace('localhost', '127.0.0.1'))
	})
	server.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
})
server.stdout.resume()

// The session the GitHub callback stores for an owner (app/utils/session.server.ts).
const storage = createCookieSessionStorage({
	cookie: createCookie('session', { secrets: [SESSION_SECRET], httpOnly: true, path: '/' }),
})
const session = await storage.getSession()
session.set('owner', { ...OWNER, via: 'github', expiresAt: Date.now() + 3_600_000 })
const cookie = (await storage.commitSession(session)).split(';')[0]

async function time(url) {
	const started = performance.now()
	const response = await fetch(`${origin}${url}`, { headers: { cookie } })
	const body = await response.text()
	const ms = performance.now() - started
	if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
	return { ms, body }
}

try {
	const first = await time('/admin/orders')
	// A page far down the list: follow "Next page" 20 times.
	let deep = '/admin/orders'
	let page = first.body
	for (let i = 0; i < 20; i++) {
		const next = page.match(/href="(\?[^"]*after=[^"]+)"[^>]*rel="next"/)
		if (!next) break
		deep = `/admin/orders${next[1].replaceAll('&amp;', '&')}`
		page = (await time(deep)).body
	}
	const year = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10)
	const pages = [
		{ name: 'orders, first page', url: '/admin/orders' },
		{ name: 'orders, 21st page (keyset)', url: deep },
		{ name: 'orders, status + region filter', url: '/admin/orders?status=refunded&region=GLOBAL' },
		{ name: 'orders, e-mail search', url: '/admin/orders?email=buyer4242' },
		{ name: 'leads, first page', url: '/admin/leads' },
		{ name: 'leads, list + confirmed', url: '/admin/leads?list=day_event&confirmed=no' },
		{ name: 'overview, last 30 days', url: '/admin' },
		{ name: 'overview, a whole year', url: `/admin?from=${year}` },
	]
	console.log(`\n${runs} sequential requests each, ${origin}\n`)
	console.log('page'.padEnd(36), 'median ms'.padStart(10), 'p95 ms'.padStart(8))
	let failed = false
	for (const { name, url } of pages) {
		await time(url) // warm-up
		const samples = []
		for (let i = 0; i < runs; i++) samples.push((await time(url)).ms)
		samples.sort((a, b) => a - b)
		const median = samples[Math.floor(samples.length / 2)]
		const p95 = samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)]
		const over = median > BUDGET_MS
		failed ||= over
		console.log(
			name.padEnd(36),
			median.toFixed(1).padStart(10),
			p95.toFixed(1).padStart(8),
			over ? `  over ${BUDGET_MS} ms` : '',
		)
	}
	const started = performance.now()
	const csv = await (
		await fetch(`${origin}/admin/export/orders.csv`, { headers: { cookie } })
	).text()
	console.log(
		`\nexport orders.csv: ${csv.split('\r\n').length - 2} rows, ${(csv.length / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms; server RSS after: see below`,
	)
	const rss = spawnSync('ps', ['-o', 'rss=', '-p', String(server.pid)], { encoding: 'utf8' })
	console.log(`server RSS: ${Math.round(Number(rss.stdout.trim()) / 1024)} MB`)
	process.exitCode = failed ? 1 : 0
} finally {
	server.kill('SIGTERM')
	await new Promise((resolve) => server.on('exit', resolve))
	fs.rmSync(dataDir, { recursive: true, force: true })
}
