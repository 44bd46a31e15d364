/**
 * The owner-edited facts of the landing pages, compiled from content/site/*.yml at build time
 * (docs/decisions/086, 087): events, people, testimonials and agendas. Types only here, so
 * pages may import them; the validator belongs to the build (site-content-build.server.ts).
 */

export type EventKind = 'course' | 'workshop' | 'day'

export type SiteEvent = {
	id: string
	kind: EventKind
	title: string
	description: string
	/** UTC instants (ISO 8601), computed at build time from the local times and the zone. */
	start: string
	end: string
	/** The IANA zone the event is announced in. */
	timeZone: string
	location: string
	/**
	 * The video-call link, shown only through a registrant's signed `/join` link (decision 116);
	 * the day event's: its live stream, for every registrant (decision 155).
	 */
	joinUrl?: string
	/** The day event only: the hands-on rooms and Q&A, shown to pass holders alone (decision 155). */
	passJoinUrl?: string
	/** The day event only: what the free registration and what a pass give (decision 155). */
	includes?: { registration: string; pass: string }
	/** A workshop session's places; none: no limit (docs/decisions/110). */
	capacity?: number
	placeholder: boolean
	/**
	 * `tentative`: the date is provisional (calendars show it so; a placeholder is too);
	 * `cancelled`: the event will not take place (registrants are told, docs/decisions/117).
	 * None: confirmed.
	 */
	status?: 'tentative' | 'cancelled'
}

export type Person = {
	name: string
	role: string
	line: string
	/** A path under public/; without one the page draws initials. */
	photo?: string
	placeholder: boolean
}

export type Testimonial = { quote: string; name: string; role: string; placeholder: boolean }

type AgendaItem = { time: string; title: string; text?: string; speaker?: string }

export type SiteContent = {
	events: SiteEvent[]
	people: { instructors: Person[]; speakers: Person[] }
	testimonials: Testimonial[]
	agenda: { workshop: AgendaItem[]; day: AgendaItem[] }
	/** content/site/seller.yml: who issues the invoices (docs/decisions/115). */
	seller: Seller
}

export type Seller = {
	id: string
	name: string
	address: string[]
	country: string
	vatNumber?: string
	email?: string
	/** Where buyers write (the FAQ's "Write to us", docs/decisions/152). */
	contactEmail?: string
	invoicePrefix: string
	placeholder: boolean
}

/** The seller when content/site/seller.yml is absent: labelled a placeholder on every invoice. */
export const PLACEHOLDER_SELLER: Seller = {
	id: 'main',
	name: 'Course seller (placeholder)',
	address: ['Replace in content/site/seller.yml'],
	country: 'NL',
	invoicePrefix: 'INV-',
	placeholder: true,
}
