// `npm run bench`: starts the production build on loopback and measures it with autocannon.
// A benchmark, not a test: it reports and never fails. Run `npm run build` first.
// BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) tune each run.
import zlib from 'node:zlib'
import autocannon from 'autocannon'
import { startProductionServer } from './production-server.js'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)

// The routes to measure. Later features add theirs here.
const routes = [
	{ name: 'page /', path: '/' },
	{ name: 'page /workshop', path: '/workshop' },
	{ name: 'json /healthz', path: '/healthz' },
]

const { origin, stop } = await startProductionServer()

try {
	const home = await (await fetch(origin)).text()
	const scripts = firstLoadScripts(home)
	const css = home.match(/\/build\/[^"]+\.css/)?.[0]
	const ceiling = { name: 'static file (ceiling)', path: scripts[0] ?? css }
	// Checkout (docs/decisions/030): the status a buyer's processing page polls, for one pending order.
	const checkout = await fetch(`${origin}/checkout`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ code: 'ai-driven-dev-preorder', quantity: 1, region: 'GLOBAL' }),
	})
	const { link } = await checkout.json()
	if (link)
		routes.push({ name: 'json GET /checkout/{id}', path: `/checkout/${link.split('/').pop()}` })
	routes.push({ name: 'page /ai-driven-dev…-day', path: '/ai-driven-development-day' })

	console.log(`\nautocannon: ${connections} connections, ${seconds} s per route, ${origin}\n`)
	const results = []
	for (const route of [ceiling, ...routes]) {
		const result = await autocannon({
			url: `${origin}${route.path}`,
			connections,
			duration: seconds,
			headers: { 'accept-encoding': 'gzip' },
		})
		results.push({
			...route,
			rps: result.requests.average,
			p99: result.latency.p99,
			errors: result.non2xx + result.errors,
		})
	}
	const top = results[0].rps
	console.log(
		'route'.padEnd(26),
		'req/s'.padStart(9),
		'p99 ms'.padStart(8),
		'vs static'.padStart(10),
		'errors'.padStart(7),
	)
	for (const r of results) {
		console.log(
			r.name.padEnd(26),
			r.rps.toFixed(0).padStart(9),
			String(r.p99).padStart(8),
			`${((r.rps / top) * 100).toFixed(1)}%`.padStart(10),
			String(r.errors).padStart(7),
		)
	}

	let total = 0
	console.log('\nJavaScript fetched by the first load of / (gzip):')
	for (const script of scripts) {
		const body = Buffer.from(await (await fetch(`${origin}${script}`)).arrayBuffer())
		const size = zlib.gzipSync(body).length
		total += size
		console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${script}`)
	}
	console.log(
		`  ${(total / 1024).toFixed(1).padStart(6)} KB  total, ${total} bytes (budget: 100 KB = 102400 bytes)`,
	)
} finally {
	stop()
}

/** Module scripts the document loads: modulepreload links, script tags and inline imports. */
function firstLoadScripts(html) {
	const urls = new Set()
	for (const pattern of [
		/<link rel="modulepreload" href="([^"]+)"/g,
		/<script[^>]+src="([^"]+)"/g,
		/import\(?\s*["'](\/build\/[^"']+\.js)["']/g,
		/import (?:\* as \w+ from )?"(\/build\/[^"]+\.js)"/g,
	]) {
		for (const match of html.matchAll(pattern)) urls.add(match[1])
	}
	return [...urls].filter((url) => url.startsWith('/build/'))
}
