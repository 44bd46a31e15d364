// Full-page screenshots of the site's main pages at 375 and 1280 px, for docs/screenshots/
// (a page-by-page before/after set for review). Reduced motion, the beta cookie (legal links).
//
//   node scripts/screenshots.js <origin> <outDir> <suffix>
//   e.g. node scripts/screenshots.js http://127.0.0.1:3000 docs/screenshots after
import { chromium } from '@playwright/test'

const [origin, outDir, suffix] = process.argv.slice(2)
if (!origin || !outDir || !suffix) {
	console.error('usage: node scripts/screenshots.js <origin> <outDir> <suffix>')
	process.exit(2)
}

const pages = [
	['home', '/'],
	['for-framework', '/for/react'],
	['workshop', '/workshop'],
	['workshop-enrolled', '/workshop/enrolled'],
	['day', '/ai-driven-development-day'],
	['day-enrolled', '/ai-driven-development-day/enrolled'],
	['enrolled', '/enrolled'],
	['blog', '/blog'],
	['cheatsheets', '/cheatsheets'],
	['legal', '/legal/privacy-policy'],
	['not-found', '/no-such-page'],
]

// Debian's Chromium, as in playwright.config.ts.
const browser = await chromium.launch({
	executablePath: '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-gpu'],
})
try {
	for (const [width, height] of [
		[375, 812],
		[1280, 800],
	]) {
		const context = await browser.newContext({
			viewport: { width, height },
			reducedMotion: 'reduce',
			timezoneId: 'UTC',
		})
		await context.addCookies([{ name: 'beta', value: '1', url: origin }])
		const page = await context.newPage()
		for (const [name, path] of pages) {
			await page.goto(origin + path, { waitUntil: 'networkidle' })
			await page.screenshot({
				path: `${outDir}/${name}-${width}-${suffix}.png`,
				fullPage: true,
				animations: 'disabled',
			})
		}
		await context.close()
	}
} finally {
	await browser.close()
}
