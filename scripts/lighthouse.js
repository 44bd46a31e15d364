// `npm run lighthouse`: Lighthouse (mobile, its default) on the landing pages and /blog, and the
// German home, workshop, day and a translated post, against the production build on loopback, in
// Debian's Chromium. Reports the four scores next to the
// bars of DESIGN.md; with --assert it exits 1 when a score is below its bar. Not part of
// `npm test`: a run takes a minute or two and its performance score depends on the machine.
// Run `npm run build` first. LIGHTHOUSE_PATHS (comma-separated) overrides the pages.
// chrome-launcher comes with lighthouse (its dependency), always installed beside it.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startProductionServer } from './production-server.js'

const CHROMIUM = '/usr/bin/chromium'
// DESIGN.md: the landing pages and /blog, performance ≥ 98, the other three 100.
const bars = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 }
const assert = process.argv.includes('--assert')

const { origin, stop } = await startProductionServer()

const chrome = await chromeLauncher.launch({
	chromePath: CHROMIUM,
	chromeFlags: [
		'--headless',
		'--no-sandbox',
		'--disable-gpu',
		'--disable-background-networking',
		'--disable-component-update',
	],
})

let failed = false

/**
 * One Lighthouse run of `url`. A run Lighthouse itself could not measure (a runtime error such as
 * NO_NAVSTART: Chromium sometimes starts tracing a new renderer after the navigation began, and
 * Lighthouse says "Please run Lighthouse again") is run again, at most twice, and said so; a low
 * score is never run again.
 */
async function audit(url, port, attempts = 3) {
	const result = await lighthouse(url, {
		port,
		output: 'json',
		logLevel: 'error',
		onlyCategories: Object.keys(bars),
	})
	const error = result?.lhr.runtimeError
	if (!error || attempts <= 1) return result
	console.log(`${''.padEnd(42)}(${error.code}: Lighthouse could not measure this run; once more)`)
	return audit(url, port, attempts - 1)
}
try {
	const paths = process.env.LIGHTHOUSE_PATHS?.split(',') ?? [
		'/',
		'/workshop',
		'/ai-driven-development-day',
		'/blog',
		// The German site (decisions 173, 175): its home, the workshop, the day and a translated post.
		'/de',
		'/de/workshop',
		'/de/ai-driven-development-day',
		'/de/blog/workflow/write-the-spec-first',
		// Decision 178: the German cheatsheets and onboarding.
		'/de/cheatsheets',
		'/de/onboarding',
	]
	console.log(`\nLighthouse (mobile) against ${origin}\n`)
	console.log('page'.padEnd(40), ...Object.keys(bars).map((category) => category.padStart(15)))
	for (const page of paths) {
		const result = await audit(`${origin}${page}`, chrome.port)
		const scores = Object.entries(bars).map(([category, bar]) => {
			const score = Math.round((result?.lhr.categories[category]?.score ?? 0) * 100)
			if (score < bar) failed = true
			return `${score}${score < bar ? ` (<${bar})` : ''}`.padStart(15)
		})
		console.log(page.padEnd(40), ...scores)
		for (const [category] of Object.entries(bars)) {
			const lhrCategory = result?.lhr.categories[category]
			if (!lhrCategory || lhrCategory.score === 1) continue
			// The audits that cost points, so a low score says what to fix.
			const misses = lhrCategory.auditRefs
				.map((ref) => result.lhr.audits[ref.id])
				.filter(
					(audit) =>
						audit &&
						audit.score !== null &&
						audit.score < 0.9 &&
						audit.scoreDisplayMode !== 'informative',
				)
				.map((audit) => `${audit.id}${audit.displayValue ? ` ${audit.displayValue}` : ''}`)
			if (misses.length > 0) console.log(`${''.padEnd(42)}${category}: ${misses.join(', ')}`)
		}
	}
	console.log(
		`\nbars: ${Object.entries(bars)
			.map(([c, b]) => `${c} ≥ ${b}`)
			.join(', ')}`,
	)
} finally {
	await chrome.kill()
	stop()
}
process.exit(assert && failed ? 1 : 0)
