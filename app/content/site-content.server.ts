/**
 * The landing pages' events, people and proof, read once per process from
 * build/content/site.json (compiled from content/site/ by `npm run build`, docs/decisions/086).
 */
import fs from 'node:fs'
import path from 'node:path'
import { log } from '~/log.server'
import { CONTENT_BUILD_DIR } from '~/paths.server'
import {
	type EventKind,
	PLACEHOLDER_SELLER,
	type Seller,
	type SiteContent,
	type SiteEvent,
} from './site-content'

const SITE_FILE = path.join(CONTENT_BUILD_DIR, 'site.json')

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

/**
 * The workshop's title, the one its page, its e-mails and its calendar entries name: every
 * session bears it (the build checks), so the first session's (docs/decisions/110).
 */
export function workshopTitle(): string {
	return eventsOf('workshop')[0]?.title ?? 'Free workshop'
}

/**
 * Who issues the invoices (content/site/seller.yml, docs/decisions/115). A payment never fails
 * for want of it: without a content build the placeholder seller is used, and the log says so.
 */
export function getSeller(): Seller {
	try {
		return getSiteContent().seller ?? PLACEHOLDER_SELLER
	} catch (error) {
		log.error({ err: error }, 'Site content unreadable: invoices name the placeholder seller')
		return PLACEHOLDER_SELLER
	}
}
