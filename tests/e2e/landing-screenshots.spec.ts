import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { formatEventRange } from '../../app/domain/dates'
import { builtEventList, zoneNameOf } from '../support/site-events'
import { pageHydrated } from './hydration'

// Review images of each landing page at a phone's and a desktop's width (docs/decisions/085),
// kept beside this file: a change to how a landing page looks shows up as a changed PNG in
// review. Run with --update-snapshots after an intended change. JavaScript on only: the pages
// are the same without it, less the visitor's own time line.

const pages: [name: string, path: string][] = [
	['home', '/'],
	['for-framework', '/for/react'],
	['workshop', '/workshop'],
	['day', '/ai-driven-development-day'],
]

// Steady images: no particle animation, one time zone for "Your time".
test.use({ timezoneId: 'UTC', colorScheme: 'dark', reducedMotion: 'reduce' })

// The test build's dates move with today (docs/decisions/125), and the layout with them: a
// longer month's name wraps a line. So in the images each event's date and zone are those of
// this fixed schedule, the one reviewed (content/site/events.yml's of 26 November 2026), in
// the order of events.yml: the images show the layout alone, as they do without the counters.
const REVIEWED_SCHEDULE = [
	{ when: 'Tuesday, 2 February 2027, 17:00–18:00', zone: 'Central European Standard Time' },
	{ when: 'Thursday, 10 December 2026, 18:00–20:00', zone: 'Central European Standard Time' },
	{ when: 'Thursday, 14 January 2027, 12:00–14:00', zone: 'Eastern Standard Time' },
	{ when: 'Thursday, 18 March 2027, 09:00–17:00', zone: 'Central European Standard Time' },
]

/** The page's text with each built event's date and zone replaced by the reviewed schedule's. */
async function showReviewedSchedule(page: Page) {
	const events = builtEventList()
	expect(events, 'one reviewed date per event of events.yml').toHaveLength(REVIEWED_SCHEDULE.length)
	const replacements = events.flatMap((event, i) => [
		[formatEventRange(event), REVIEWED_SCHEDULE[i]!.when],
		[zoneNameOf(event), REVIEWED_SCHEDULE[i]!.zone],
	])
	const left = await page.evaluate((pairs) => {
		// The text a visitor sees: the loader data in the page's scripts is left as it is.
		const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, (node) =>
			node.parentElement?.closest('script, style, template')
				? NodeFilter.FILTER_REJECT
				: NodeFilter.FILTER_ACCEPT,
		)
		let shown = ''
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			let text = node.nodeValue ?? ''
			for (const [from, to] of pairs) text = text.split(from!).join(to!)
			if (text !== node.nodeValue) node.nodeValue = text
			shown += `${text}\n`
		}
		return pairs.filter(([from, to]) => from !== to && shown.includes(from!)).map(([from]) => from)
	}, replacements)
	expect(left, 'every moving date is replaced').toEqual([])
}

for (const [name, path] of pages) {
	for (const width of [375, 1280]) {
		test(`${name} at ${width} px looks as reviewed`, async ({ page }, testInfo) => {
			test.skip(testInfo.project.name !== 'js', 'one set of review images')
			await page.setViewportSize({ width, height: 900 })
			await page.goto(path)
			await page.waitForLoadState('networkidle')
			// The screenshot adds a style to the document: after the hydration, which it would break.
			await pageHydrated(page)
			// As the page first paints: the dates, forms and people are deferred islands that
			// hydrate when the visitor reaches them (docs/decisions/074), so none has added the
			// visitor's own time or changed a pixel yet.
			await expect(page.locator('[data-visitor-time]')).toHaveCount(0)
			await showReviewedSchedule(page)
			await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
				fullPage: true,
				animations: 'disabled',
				// Other specs buy and hold seats on the same server: the counters and the held-seats
				// line come and go with them, so they are left out of the images.
				stylePath: join(import.meta.dirname, 'landing-screenshots.css'),
				maxDiffPixelRatio: 0.02,
			})
		})
	}
}
