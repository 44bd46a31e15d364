// `npm run bench:phone`: page loads on a simulated phone with real throttling (the Chrome DevTools
// Protocol's network and CPU emulation, not Lighthouse's simulation), in Debian's Chromium, for
// the production build in build/ and, with --baseline DIR, another checkout of the site (already
// built) side by side. Prints the medians of FCP, LCP, hydration, total blocking time and the
// JavaScript transferred, next to the bars. It reports: the exit code is 0 unless it crashed.
//
//   node scripts/bench-phone.js [--baseline DIR] [--runs N] [--paths /,/workshop]
//
// Every run is a fresh browser context (cold cache) loading one page; the runs of the two builds
// take turns (A, B, A, B …) so that the machine's noise falls on both alike. Run `npm run build`
// first. The numbers depend on the machine: compare builds within one run, not across machines.
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { startProductionServer } from './production-server.js'

const CHROMIUM = '/usr/bin/chromium'
// An ordinary Android Chrome: a bot's user agent gets other HTML (no scripts).
const USER_AGENT =
	'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36'
// Lighthouse's mobile figures (a slow 4G phone), applied for real.
const NETWORK = {
	offline: false,
	latency: 150,
	downloadThroughput: (1600 * 1024) / 8,
	uploadThroughput: (675 * 1024) / 8,
}
const CPU_SLOWDOWN = 4
// The project's bars (ms).
const BARS = { fcp: 1000, lcp: 1200, hydrated: 2500, tbt: 200 }
// The load ends once the page has hydrated and no long task has started for QUIET_MS, or at
// MAX_MS after the navigation started.
const QUIET_MS = 3000
const MAX_MS = 20000

const { values } = parseArgs({
	options: {
		baseline: { type: 'string' },
		runs: { type: 'string', default: '5' },
		paths: { type: 'string', default: '/,/workshop,/ai-driven-development-day' },
	},
})
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1) {
	console.error(`--runs wants a positive whole number, not ${values.runs}`)
	process.exit(2)
}
const paths = values.paths
	.split(',')
	.map((page) => page.trim())
	.filter(Boolean)

/**
 * Runs in every page before its own scripts (page.addInitScript): records the long tasks, the
 * largest contentful paint, and when React's hydration reached the end of the body (the fallback
 * for builds without the `hydrated` mark), in `window.__benchPhone`.
 */
function instrumentPage({ quietMs, maxMs }) {
	const bench = { longTasks: [], lcp: null, fiberAt: null }
	window.__benchPhone = bench
	new PerformanceObserver((list) => {
		for (const entry of list.getEntries()) {
			bench.longTasks.push({ start: entry.startTime, duration: entry.duration })
		}
	}).observe({ type: 'longtask', buffered: true })
	const lcpObserver = new PerformanceObserver((list) => {
		const entries = list.getEntries()
		bench.lcp = entries[entries.length - 1].startTime
	})
	lcpObserver.observe({ type: 'largest-contentful-paint', buffered: true })
	// LCP is the last candidate before the first input (there is none here, but to the letter).
	const stopLcp = () => {
		const entries = lcpObserver.takeRecords()
		if (entries.length > 0) bench.lcp = entries[entries.length - 1].startTime
		lcpObserver.disconnect()
	}
	for (const type of ['pointerdown', 'keydown']) {
		addEventListener(type, stopLcp, { once: true, capture: true })
	}
	// React gives every element it hydrates a `__reactFiber$…` property, in the order its render
	// completes them: an element's children before the element. With the document hydrated in a
	// transition (time-sliced), the body's last element, the body, then <html> are the last ones,
	// all in the render's final slice, which commits in the same task. The body itself is the one
	// to watch: a build may append elements to it from a script (the previous build's
	// startAfterFirstPaint moves its <script>s out of a <template> after the first paint), and
	// React leaves such a tail of the body alone, without fibers.
	const hasFiber = (element) =>
		element != null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'))
	const poll = () => {
		const body = document.body
		if (hasFiber(body) || hasFiber(body?.lastElementChild)) bench.fiberAt = performance.now()
		else setTimeout(poll, 10)
	}
	poll()
	bench.hydrated = () => {
		const mark = performance.getEntriesByName('hydrated')[0]
		if (mark) return { at: mark.startTime, by: 'mark' }
		return bench.fiberAt === null ? null : { at: bench.fiberAt, by: 'fiber' }
	}
	/** Whether the load is over: hydrated and no long task started for `quietMs`, or `maxMs`. */
	bench.settled = () => {
		const now = performance.now()
		if (now >= maxMs) return true
		const hydrated = bench.hydrated()
		if (!hydrated) return false
		const lastTaskEnd = Math.max(0, ...bench.longTasks.map((task) => task.start + task.duration))
		return now - Math.max(hydrated.at, lastTaskEnd) >= quietMs
	}
}

function median(numbers) {
	const sorted = numbers.filter((number) => Number.isFinite(number)).sort((a, b) => a - b)
	if (sorted.length === 0) return null
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** GETs every page a few times with the phone's user agent, so the server's caches are warm. */
async function warmServer(origin) {
	for (let round = 0; round < 3; round++) {
		for (const page of paths) {
			const response = await fetch(`${origin}${page}`, { headers: { 'user-agent': USER_AGENT } })
			await response.arrayBuffer()
			if (!response.ok) throw new Error(`GET ${origin}${page}: ${response.status}`)
		}
	}
}

/** One page load in a fresh phone context; `throttled: false` for the unmeasured warm-up load. */
async function measure(browser, url, { throttled = true } = {}) {
	const context = await browser.newContext({
		viewport: { width: 412, height: 823 },
		deviceScaleFactor: 2.625,
		isMobile: true,
		hasTouch: true,
		userAgent: USER_AGENT,
	})
	try {
		const page = await context.newPage()
		await page.addInitScript(instrumentPage, { quietMs: QUIET_MS, maxMs: MAX_MS })
		const cdp = await context.newCDPSession(page)
		const scripts = new Set()
		let jsBytes = 0
		cdp.on('Network.responseReceived', ({ requestId, type }) => {
			if (type === 'Script') scripts.add(requestId)
		})
		cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
			if (scripts.has(requestId)) jsBytes += encodedDataLength
		})
		await cdp.send('Network.enable')
		await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
		if (throttled) {
			await cdp.send('Network.emulateNetworkConditions', NETWORK)
			await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
		}
		const response = await page.goto(url, { waitUntil: 'commit', timeout: 60_000 })
		if (!response?.ok()) throw new Error(`${url}: HTTP ${response?.status()}`)
		await page.waitForFunction(() => window.__benchPhone.settled(), null, {
			polling: 250,
			timeout: MAX_MS + 30_000,
		})
		const result = await page.evaluate(() => {
			const bench = window.__benchPhone
			return {
				fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
				lcp: bench.lcp,
				hydrated: bench.hydrated(),
				fiberAt: bench.fiberAt,
				longTasks: bench.longTasks,
				end: performance.now(),
			}
		})
		// Total blocking time: the long tasks that start after FCP and before the later of the
		// hydration and the quiet (the end of the last long task; the load's end if it never was).
		const lastTaskEnd = Math.max(0, ...result.longTasks.map((task) => task.start + task.duration))
		const hydratedAt = result.hydrated?.at ?? null
		const quietAt = hydratedAt === null ? result.end : lastTaskEnd
		const windowEnd = Math.max(hydratedAt ?? 0, quietAt)
		const tbt =
			result.fcp === null
				? null
				: result.longTasks
						.filter((task) => task.start > result.fcp && task.start < windowEnd)
						.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)
		return {
			fcp: result.fcp,
			lcp: result.lcp,
			hydrated: hydratedAt,
			hydratedBy: result.hydrated?.by ?? 'never',
			fiberAt: result.fiberAt,
			tbt,
			jsBytes,
		}
	} finally {
		await context.close()
	}
}

const ms = (value) => (value === null || value === undefined ? 'n/a' : String(Math.round(value)))

/** A median next to its bar: `1234 ✗` when it misses. */
function cell(value, bar) {
	if (value === null) return 'n/a'
	return value > bar ? `${ms(value)} ✗` : ms(value)
}

function printTable(builds, results) {
	const header = [
		'page',
		'build',
		`FCP ms (≤ ${BARS.fcp})`,
		`LCP ms (≤ ${BARS.lcp})`,
		`hydrated ms (≤ ${BARS.hydrated})`,
		`TBT ms (≤ ${BARS.tbt})`,
		'JS KB',
		'runs',
	]
	const rows = []
	for (const page of paths) {
		for (const build of builds) {
			const samples = results.get(`${build.name} ${page}`)
			const ok = samples.filter((sample) => !sample.error)
			const pick = (key) => median(ok.map((sample) => sample[key]))
			const sources = new Set(ok.map((sample) => sample.hydratedBy))
			const never = ok.filter((sample) => sample.hydrated === null).length
			let hydrated = cell(pick('hydrated'), BARS.hydrated)
			if (!sources.has('mark') && sources.has('fiber')) hydrated += ' †'
			if (never > 0) hydrated += ` (${never} never)`
			const failed = samples.length - ok.length
			rows.push([
				page,
				build.name,
				cell(pick('fcp'), BARS.fcp),
				cell(pick('lcp'), BARS.lcp),
				hydrated,
				cell(pick('tbt'), BARS.tbt),
				ok.length > 0 ? (pick('jsBytes') / 1024).toFixed(1) : 'n/a',
				failed > 0 ? `${ok.length} (${failed} failed)` : String(ok.length),
			])
		}
	}
	const widths = header.map((title, column) =>
		Math.max(title.length, ...rows.map((row) => row[column].length)),
	)
	const line = (cells) =>
		`| ${cells.map((text, column) => (column < 2 ? text.padEnd(widths[column]) : text.padStart(widths[column]))).join(' | ')} |`
	console.log(line(header))
	console.log(
		`| ${widths.map((width, column) => (column < 2 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`,
	)
	for (const row of rows) console.log(line(row))
}

const builds = [{ name: 'current', dir: '.' }]
if (values.baseline) builds.push({ name: 'baseline', dir: path.resolve(values.baseline) })
const servers = []
const stopServers = () => {
	for (const server of servers.splice(0)) server.stop()
}
process.once('exit', stopServers)
for (const signal of ['SIGINT', 'SIGTERM']) {
	process.once(signal, () => {
		stopServers()
		process.exit(130)
	})
}

const cpus = os.cpus()
const load = () =>
	os
		.loadavg()
		.map((average) => average.toFixed(2))
		.join(' ')
let browser
try {
	for (const build of builds) {
		const server = await startProductionServer({ cwd: build.dir })
		servers.push(server)
		build.origin = server.origin
		await warmServer(build.origin)
	}
	browser = await chromium.launch({
		executablePath: CHROMIUM,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-background-networking',
			'--disable-component-update',
		],
	})
	console.log(`\nPhone page loads: Chromium ${browser.version()}, Node ${process.version}`)
	console.log(
		`Machine: ${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}, load average ${load()} (1, 5, 15 min)`,
	)
	console.log(
		`Emulation: 412×823 @2.625, ${CPU_SLOWDOWN}× CPU slowdown, ${NETWORK.latency} ms latency, 1.6 Mbps down, 675 kbps up, cache disabled; ${runs} run(s) per page and build, medians`,
	)
	for (const build of builds) {
		console.log(`  ${build.name}: ${path.resolve(build.dir)} at ${build.origin}`)
	}
	console.log('')

	// One unmeasured, unthrottled load of each page and build: the server's static files and the
	// browser's own code paths are warm before the first measured run.
	for (const page of paths) {
		for (const build of builds)
			await measure(browser, `${build.origin}${page}`, { throttled: false })
	}

	const results = new Map()
	for (const page of paths) for (const build of builds) results.set(`${build.name} ${page}`, [])
	for (let run = 1; run <= runs; run++) {
		for (const page of paths) {
			for (const build of builds) {
				const label = `run ${run}/${runs} ${page} ${build.name}`
				let sample
				try {
					sample = await measure(browser, `${build.origin}${page}`)
					console.error(
						`${label}: FCP ${ms(sample.fcp)}, LCP ${ms(sample.lcp)}, hydrated ${ms(sample.hydrated)} (${sample.hydratedBy}${sample.hydratedBy === 'mark' ? `; fiber ${ms(sample.fiberAt)}` : ''}), TBT ${ms(sample.tbt)}, JS ${(sample.jsBytes / 1024).toFixed(1)} KB`,
					)
				} catch (error) {
					sample = { error }
					console.error(`${label}: failed: ${error.message.split('\n')[0]}`)
				}
				results.get(`${build.name} ${page}`).push(sample)
			}
		}
	}

	console.log('')
	printTable(builds, results)
	console.log('')
	console.log(
		'✗ misses its bar. hydrated: the `hydrated` mark of the root layout; † no such mark in the build: the first time React hydrated the end of the body (a `__reactFiber$` property, polled every 10 ms).',
	)
	console.log(
		`TBT: Σ (duration − 50 ms) of the long tasks starting after FCP and before the later of hydration and the end of the last long task (the load ends ${QUIET_MS / 1000} s after both, at most ${MAX_MS / 1000} s). JS KB: script responses as transferred (CDP encodedDataLength).`,
	)
	console.log(`Load average at the end: ${load()}`)
} finally {
	await browser?.close()
	stopServers()
}
