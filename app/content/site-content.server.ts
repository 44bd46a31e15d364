/**
 * The landing pages' events, people and proof, read once per process from
 * build/content/site.json (compiled from content/site/ by `npm run build`, docs/decisions/086).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { EventKind, SiteContent, SiteEvent } from './site-content'

// The server build is build/index.js, so its content sits beside it; code run from source (the
// test runner, which sends confirmations with their events) reads the last build's.
const SITE_FILES = [
	fileURLToPath(new URL('./content/site.json', import.meta.url)),
	path.resolve('build/content/site.json'),
]

let content: SiteContent | undefined

export function getSiteContent(): SiteContent {
	if (!content) {
		const file = SITE_FILES.find((candidate) => fs.existsSync(candidate))
		if (!file) {
			throw new Error(
				`Site content is not built (${SITE_FILES[0]} is missing): run \`npm run build\``,
			)
		}
		content = JSON.parse(fs.readFileSync(file, 'utf8')) as SiteContent
	}
	return content
}

/** One event by its id (the calendar file's name), or undefined. */
export function findEvent(id: string): SiteEvent | undefined {
	return getSiteContent().events.find((event) => event.id === id)
}

/**
 * The events of one kind, earliest first; with `after`, only those not over by then (a past
 * workshop session is neither offered nor sent).
 */
export function eventsOf(kind: EventKind, { after }: { after?: Date } = {}): SiteEvent[] {
	return getSiteContent()
		.events.filter((event) => event.kind === kind)
		.filter((event) => !after || Date.parse(event.end) > after.getTime())
		.sort((a, b) => a.start.localeCompare(b.start))
}
