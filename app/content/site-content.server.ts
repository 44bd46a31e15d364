/**
 * The landing pages' events, people and proof, read once per process from
 * build/content/site.json (compiled from content/site/ by `npm run build`, docs/decisions/086).
 */
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { EventKind, SiteContent, SiteEvent } from './site-content'

// The server build is build/index.js, so its content sits beside it.
const SITE_FILE = fileURLToPath(new URL('./content/site.json', import.meta.url))

let content: SiteContent | undefined

export function getSiteContent(): SiteContent {
	if (!content) {
		if (!fs.existsSync(SITE_FILE)) {
			throw new Error(`Site content is not built (${SITE_FILE} is missing): run \`npm run build\``)
		}
		content = JSON.parse(fs.readFileSync(SITE_FILE, 'utf8')) as SiteContent
	}
	return content
}

/** One event by its id (the calendar file's name), or undefined. */
export function findEvent(id: string): SiteEvent | undefined {
	return getSiteContent().events.find((event) => event.id === id)
}

/** The events of one kind, earliest first. */
export function eventsOf(kind: EventKind): SiteEvent[] {
	return getSiteContent()
		.events.filter((event) => event.kind === kind)
		.sort((a, b) => a.start.localeCompare(b.start))
}
