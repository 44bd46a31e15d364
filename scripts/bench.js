// `npm run bench`: starts the production build on loopback and measures, in one run and one
// process, the launch-day routes against a static file of the same server (docs/performance.md).
// A benchmark, not a test: it reports and never fails. Run `npm run build` first.
// BENCH_SECONDS (default 8) and BENCH_CONNECTIONS (default 50) tune each route's run.
// The first-load JavaScript budget is a browser measurement: tests/e2e/first-load.spec.ts.
import os from 'node:os'
import autocannon from 'autocannon'
import { startProductionServer } from './production-server.js'

const seconds = Number(process.env.BENCH_SECONDS ?? 8)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)

// /healthz shows the page cache's counters only with the metrics token (docs/decisions/133).
const metricsToken = 'bench-metrics-token-0123456789'
const { origin, stop } = await startProductionServer({ env: { METRICS_TOKEN: metricsToken } })

try {
	const home = await (await fetch(origin)).text()
	const asset = home.match(/\/assets\/[^"]+\.js/)?.[0]
	if (!asset) throw new Error('The home page references no /assets script')
	const blog = await (await fetch(`${origin}/blog`)).text()
	const post = blog.match(/href="(\/blog\/[a-z0-9-]+\/[a-z0-9-]+)"/)?.[1]
	if (!post) throw new Error('The blog lists no post')

	// The static file first: every other route is compared with it.
	const routes = [
		{ name: 'static /assets file', path: asset },
		{ name: 'page /', path: '/' },
		{ name: 'page /workshop', path: '/workshop' },
		{ name: 'page /ai-driven-development-day', path: '/ai-driven-development-day' },
		{ name: 'page /blog', path: '/blog' },
		{ name: 'page (a post)', path: post },
		{ name: 'json /api/course', path: '/api/course' },
		{ name: 'json /api/catalog', path: '/api/catalog?region=GLOBAL' },
	]

	console.log(
		`\nautocannon: ${connections} connections, ${seconds} s per route, ${origin}, ` +
			`${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
			`load average ${os
				.loadavg()
				.map((load) => load.toFixed(2))
				.join(' ')}\n`,
	)
	const results = []
	for (const route of routes) {
		const result = await autocannon({
			url: `${origin}${route.path}`,
			connections,
			duration: seconds,
			// Browsers ask for compressed answers, and so do we.
			headers: { 'accept-encoding': 'gzip, br' },
		})
		results.push({
			...route,
			rps: result.requests.average,
			p50: result.latency.p50,
			p99: result.latency.p99,
			errors: result.non2xx + result.errors + result.timeouts,
		})
	}
	const staticRps = results[0].rps
	console.log(
		'route'.padEnd(34),
		'req/s'.padStart(8),
		'p50 ms'.padStart(7),
		'p99 ms'.padStart(7),
		'× static'.padStart(9),
		'errors'.padStart(7),
	)
	for (const r of results) {
		console.log(
			r.name.padEnd(34),
			r.rps.toFixed(0).padStart(8),
			String(r.p50).padStart(7),
			String(r.p99).padStart(7),
			(r.rps / staticRps).toFixed(2).padStart(9),
			String(r.errors).padStart(7),
		)
	}
	const health = await (
		await fetch(`${origin}/healthz`, { headers: { Authorization: `Bearer ${metricsToken}` } })
	).json()
	if (health.pageCache) console.log('\npage cache:', JSON.stringify(health.pageCache))
	console.log(
		`load average after: ${os
			.loadavg()
			.map((load) => load.toFixed(2))
			.join(' ')}`,
	)
} finally {
	stop()
}
