// `npm run bench`: starts the production build on loopback and measures, in one run and one
// process, the launch-day routes against a static file of the same server (docs/performance.md).
// A benchmark, not a test: it reports and never fails. Run `npm run build` first.
// `/` is measured twice (decision 160): every request from one public address, and every request
// from a new public address — a launch-day crowd of first visits, from every country and both IP
// versions. The server trusts one proxy (TRUST_PROXY=1) so X-Forwarded-For names the address.
// BENCH_SECONDS (default 8) and BENCH_CONNECTIONS (default 50) tune each route's run;
// `--baseline DIR` measures another checkout of the site too (already built), the two in turns,
// route by route, so a noisy machine weighs on both alike.
// The first-load JavaScript budget is a browser measurement: tests/e2e/first-load.spec.ts.
import os from 'node:os'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { startProductionServer } from './production-server.js'

const seconds = Number(process.env.BENCH_SECONDS ?? 8)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const { values } = parseArgs({ options: { baseline: { type: 'string' } } })

/** One public IPv4 address, the same for every request of the one-address run. */
const ONE_ADDRESS = '81.2.69.142'

// IPv4 ranges no visitor comes from (private, shared, loopback, link-local, documentation,
// benchmarking, multicast and reserved), as [first, last] of the address as a number.
const RESERVED_V4 = [
	['0.0.0.0', 8],
	['10.0.0.0', 8],
	['100.64.0.0', 10],
	['127.0.0.0', 8],
	['169.254.0.0', 16],
	['172.16.0.0', 12],
	['192.0.0.0', 24],
	['192.0.2.0', 24],
	['192.168.0.0', 16],
	['198.18.0.0', 15],
	['198.51.100.0', 24],
	['203.0.113.0', 24],
	['224.0.0.0', 3],
].map(([prefix, bits]) => {
	const first = prefix.split('.').reduce((value, part) => value * 256 + Number(part), 0)
	return [first, first + 2 ** (32 - bits) - 1]
})

/** A public IPv4 address drawn evenly from the whole public space (so from every country). */
function publicIpv4() {
	for (;;) {
		const value = Math.floor(Math.random() * 2 ** 32)
		if (RESERVED_V4.some(([first, last]) => value >= first && value <= last)) continue
		return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.')
	}
}

// Global unicast blocks the regional registries hand out (IANA's IPv6 unicast registry): APNIC,
// ARIN, LACNIC, RIPE NCC, AFRINIC.
const V6_BLOCKS = ['2400', '2406', '2600', '2604', '2800', '2a00', '2a01', '2c00']
const hex16 = () => Math.floor(Math.random() * 0x10000).toString(16)

/** A public IPv6 address in a registry's block, with a random network and interface. */
function publicIpv6() {
	const block = V6_BLOCKS[Math.floor(Math.random() * V6_BLOCKS.length)]
	return [block, ...Array.from({ length: 7 }, hex16)].join(':')
}

/** A new public address per request: one in three IPv6, as on a launch day's mobile networks. */
const firstVisitAddress = () => (Math.random() < 1 / 3 ? publicIpv6() : publicIpv4())

// /healthz shows the page cache's counters only with the metrics token (docs/decisions/133).
const metricsToken = 'bench-metrics-token-0123456789'
const env = { METRICS_TOKEN: metricsToken, TRUST_PROXY: '1' }
const builds = [
	{ name: 'this build', ...(await startProductionServer({ env })) },
	...(values.baseline
		? [{ name: 'baseline', ...(await startProductionServer({ env, cwd: values.baseline })) }]
		: []),
]

try {
	const { origin } = builds[0]
	// Each build's own static file: the baseline's names differ (a shared one was its 404).
	for (const build of builds) {
		const home = await (await fetch(build.origin)).text()
		build.asset = home.match(/\/assets\/[^"]+\.js/)?.[0]
		if (!build.asset) throw new Error(`${build.name}: the home page references no /assets script`)
	}
	const blog = await (await fetch(`${origin}/blog`)).text()
	const post = blog.match(/href="(\/blog\/[a-z0-9-]+\/[a-z0-9-]+)"/)?.[1]
	if (!post) throw new Error('The blog lists no post')

	// The static file first: every other route is compared with it. Without an address of its
	// own a route's requests come from ONE_ADDRESS.
	const routes = [
		{ name: 'static /assets file', path: '(its own)', asset: true },
		{ name: 'page / (one address)', path: '/' },
		{ name: 'page / (first visits)', path: '/', address: firstVisitAddress },
		{ name: 'page /workshop', path: '/workshop' },
		{ name: 'page /ai-driven-development-day', path: '/ai-driven-development-day' },
		{ name: 'page /blog', path: '/blog' },
		{ name: 'page (a post)', path: post },
		{ name: 'json /api/course', path: '/api/course' },
		{ name: 'json /api/catalog', path: '/api/catalog?region=GLOBAL' },
	]

	const loadAverage = () =>
		os
			.loadavg()
			.map((load) => load.toFixed(2))
			.join(' ')
	console.log(
		`\nautocannon: ${connections} connections, ${seconds} s per route, ` +
			`${builds.map((build) => `${build.name} ${build.origin}`).join(', ')}, ` +
			`${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ` +
			`load average ${loadAverage()}\n`,
	)
	const results = []
	for (const route of routes) {
		for (const build of builds) {
			const address = route.address ?? (() => ONE_ADDRESS)
			const result = await autocannon({
				url: `${build.origin}${route.asset ? build.asset : route.path}`,
				connections,
				duration: seconds,
				// Browsers ask for compressed answers, and so do we.
				headers: { 'accept-encoding': 'gzip, br' },
				requests: [
					{
						setupRequest: (request) => ({
							...request,
							headers: { ...request.headers, 'x-forwarded-for': address() },
						}),
					},
				],
			})
			results.push({
				...route,
				build: build.name,
				rps: result.requests.average,
				p50: result.latency.p50,
				p99: result.latency.p99,
				errors: result.non2xx + result.errors + result.timeouts,
			})
		}
	}
	console.log(
		'route'.padEnd(34),
		...(builds.length > 1 ? ['build'.padEnd(10)] : []),
		'req/s'.padStart(8),
		'p50 ms'.padStart(7),
		'p99 ms'.padStart(7),
		'× static'.padStart(9),
		'errors'.padStart(7),
	)
	for (const r of results) {
		const staticRps = results.find((s) => s.path === routes[0].path && s.build === r.build).rps
		console.log(
			r.name.padEnd(34),
			...(builds.length > 1 ? [r.build.padEnd(10)] : []),
			r.rps.toFixed(0).padStart(8),
			String(r.p50).padStart(7),
			String(r.p99).padStart(7),
			(r.rps / staticRps).toFixed(2).padStart(9),
			String(r.errors).padStart(7),
		)
	}
	for (const build of builds) {
		const health = await (
			await fetch(`${build.origin}/healthz`, {
				headers: { Authorization: `Bearer ${metricsToken}` },
			})
		).json()
		if (health.pageCache)
			console.log(`\npage cache, ${build.name}:`, JSON.stringify(health.pageCache))
	}
	console.log(`load average after: ${loadAverage()}`)
} finally {
	for (const build of builds) build.stop()
}
