// `npm run bench:admin`: the owner's dashboard at scale (docs/performance.md "Owner's
// dashboard"). Seeds a throwaway database with 100,000 orders and 200,000 leads
// (build/seed-admin-scale.js, which also binds an owner and mints the session cookie the GitHub
// callback would set), starts the production build on it, and times the list pages, a deep
// keyset page, an export, the overview, the money page and its CSV, find anyone and a person's page. A benchmark: it
// reports, and exits 1 only when a page misses the 200 ms budget at the median. Run `npm run
// build` first. BENCH_ADMIN_ORDERS / BENCH_ADMIN_LEADS / BENCH_ADMIN_RUNS tune it.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startProductionServer } from './production-server.js'

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
	{
		env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, ...env },
		stdio: ['ignore', 'pipe', 'inherit'],
		encoding: 'utf8',
	},
)
process.stdout.write(seed.stdout.replace(/^Owner session cookie.*\n/m, ''))
if (seed.status !== 0) process.exit(seed.status ?? 1)
// The session the GitHub callback would store for the owner, minted by the seed script.
const cookie = seed.stdout.match(/^Owner session cookie: (.+)$/m)?.[1]
if (!cookie) throw new Error('The seed script printed no owner session')

const { origin, pid, stop } = await startProductionServer({ env, dataDir })

async function time(url) {
	const started = performance.now()
	const response = await fetch(`${origin}${url}`, { headers: { cookie } })
	const body = await response.text()
	const ms = performance.now() - started
	if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
	return { ms, body }
}

try {
	/** A page far down a list: "Next page" followed 20 times from `url`. */
	async function deepPage(url) {
		const path = url.split('?')[0]
		let deep = url
		let page = (await time(url)).body
		for (let i = 0; i < 20; i++) {
			const next = page.match(/href="(\?[^"]*after=[^"]+)"[^>]*rel="next"/)
			if (!next) break
			deep = `${path}${next[1].replaceAll('&amp;', '&')}`
			page = (await time(deep)).body
		}
		return deep
	}
	const deep = await deepPage('/admin/orders')
	// Sorted lists page by key too (docs/decisions/111).
	const deepByAmount = await deepPage('/admin/orders?sort=amount&dir=asc')
	const deepLeadsByEmail = await deepPage('/admin/leads?sort=email')
	// A person's page: the buyer of a refunded order of three day-event passes (the passes, the
	// receipt, the refund's audit line), reached as the owner would, from the search's link (an
	// opaque reference, decision 114).
	const found = (await time('/admin/search?q=buyer59%40seed.example')).body
	const person = found.match(/href="(\/admin\/people\/[^"]+)"/)?.[1]
	if (!person) throw new Error('The search found no person for buyer59@seed.example')
	const year = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10)
	const pages = [
		{ name: 'orders, first page', url: '/admin/orders' },
		{ name: 'orders, 21st page (keyset)', url: deep },
		{ name: 'orders, status + region filter', url: '/admin/orders?status=refunded&region=GLOBAL' },
		{ name: 'orders, e-mail search', url: '/admin/orders?email=buyer4242' },
		{ name: 'orders, by amount', url: '/admin/orders?sort=amount' },
		{ name: 'orders, by amount, 21st page', url: deepByAmount },
		{ name: 'orders, paid, by amount', url: '/admin/orders?status=paid&sort=amount' },
		{ name: 'leads, first page', url: '/admin/leads' },
		{ name: 'leads, by e-mail, 21st page', url: deepLeadsByEmail },
		{ name: 'leads, list + confirmed', url: '/admin/leads?list=day_event&confirmed=no' },
		{ name: 'find anyone, an order id', url: '/admin/search?q=S000000000000000004242' },
		{ name: 'find anyone, e-mail prefix', url: '/admin/search?q=buyer4242' },
		{ name: 'find anyone, name prefix', url: '/admin/search?q=grace%20ho' },
		{ name: 'find anyone, last name prefix', url: '/admin/search?q=lovel' },
		{ name: 'find anyone, one letter', url: '/admin/search?q=b' },
		{ name: "a person's page", url: person },
		{ name: 'overview, last 30 days', url: '/admin' },
		// 365 days, today included: the daily roll-ups' rows, not 70,000 orders and 200,000 sign-ups.
		{ name: 'overview, a whole year', url: `/admin?from=${year}` },
		// Money (decision 124): the money_daily roll-up's rows, per currency, product and region.
		{ name: 'money, last 30 days', url: '/admin/money' },
		{ name: 'money, a whole year', url: `/admin/money?from=${year}` },
		{ name: 'money, a whole year as CSV', url: `/admin/money.csv?from=${year}` },
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
		`\nexport orders.csv: ${csv.split('\r\n').length - 2} rows, ${(csv.length / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms`,
	)
	const rss = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' })
	console.log(`server RSS: ${Math.round(Number(rss.stdout.trim()) / 1024)} MB`)
	process.exitCode = failed ? 1 : 0
} finally {
	stop()
	// Give the server a moment to close the database before its files go.
	await new Promise((resolve) => setTimeout(resolve, 1000))
	fs.rmSync(dataDir, { recursive: true, force: true })
}
