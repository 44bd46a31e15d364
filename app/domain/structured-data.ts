/**
 * What search engines read of a page (issue 38 item 1, docs/decisions/169): schema.org objects
 * built from the values the page itself shows, so the two cannot disagree. Each loader builds its
 * page's objects from its own data; `ldJsonMeta` turns them into meta descriptors, which Remix
 * writes as `<script type="application/ld+json">` with the HTML escaped.
 * The fields are those Google's Course info, Event, Article and Breadcrumb documentation requires
 * or recommends (tests/integration/structured-data.test.ts checks them on the built pages).
 */
import { isoWithOffset } from './zoned-time'

export type JsonLd = { '@context'?: 'https://schema.org'; '@type': string } & Record<
	string,
	unknown
>

const CONTEXT = 'https://schema.org' as const

/** Who runs the site: the course's provider, the events' organiser, the posts' publisher. */
export type Organisation = { name: string; url: string; sameAs: readonly string[] }

function organisation({ name, url, sameAs }: Organisation): JsonLd {
	return { '@type': 'Organization', name, url, sameAs: [...sameAs] }
}

/** schema.org's ItemAvailability values the pages can say. */
type Availability = 'InStock' | 'SoldOut' | 'PreOrder'

/** A price as the page shows it to this visitor (their region's), and whether it can be had. */
type PriceShown = {
	/** Major units (249, not 24900); 0 for a free event. */
	price: number
	currency: string
	availability: Availability
	/** Where it is bought or taken: the page's own form. */
	url: string
}

function offer({ price, currency, availability, url }: PriceShown): JsonLd {
	return {
		'@type': 'Offer',
		category: price === 0 ? 'Free' : 'Paid',
		price,
		priceCurrency: currency,
		availability: `${CONTEXT}/${availability}`,
		url,
	}
}

export type CourseFacts = {
	name: string
	description: string
	url: string
	image: string
	provider: Organisation
	offer: PriceShown
	/** ISO 8601 duration of its lessons and exercises (PT20H), as the page states it. */
	workload: string
	/** When it opens (a UTC instant and the zone it is announced in); null when no date is set. */
	opens: { start: string; timeZone: string } | null
	instructors: readonly string[]
	language: string
}

/** The course: one online, self-paced instance, with the visitor's price. */
export function courseData(course: CourseFacts): JsonLd {
	return {
		'@context': CONTEXT,
		'@type': 'Course',
		name: course.name,
		description: course.description,
		url: course.url,
		image: course.image,
		inLanguage: course.language,
		provider: organisation(course.provider),
		offers: [offer(course.offer)],
		hasCourseInstance: [
			{
				'@type': 'CourseInstance',
				courseMode: 'Online',
				courseWorkload: course.workload,
				...(course.opens && {
					startDate: isoWithOffset(course.opens.start, course.opens.timeZone),
				}),
				instructor: course.instructors.map((name) => ({ '@type': 'Person', name })),
			},
		],
	}
}

/** schema.org's EventStatusType values: a moved date is "rescheduled", with the date it had. */
export type EventState =
	| { status: 'scheduled' }
	| { status: 'cancelled' }
	| { status: 'rescheduled'; previousStart: string }

export type EventFacts = {
	name: string
	description: string
	/** The page that describes it, and where it is taken or bought. */
	url: string
	image: string
	/** UTC instants; written with the offset of the zone the event is announced in. */
	start: string
	end: string
	timeZone: string
	state: EventState
	organiser: Organisation
	performers: readonly string[]
	offers: readonly PriceShown[]
}

const eventStatus = {
	scheduled: 'EventScheduled',
	cancelled: 'EventCancelled',
	rescheduled: 'EventRescheduled',
}

/** An online event (a workshop session, the day): held on the site's own joining page. */
export function eventData(event: EventFacts): JsonLd {
	const at = (instant: string) => isoWithOffset(instant, event.timeZone)
	return {
		'@context': CONTEXT,
		'@type': 'EducationEvent',
		name: event.name,
		description: event.description,
		url: event.url,
		image: [event.image],
		startDate: at(event.start),
		endDate: at(event.end),
		...(event.state.status === 'rescheduled' && {
			previousStartDate: at(event.state.previousStart),
		}),
		eventStatus: `${CONTEXT}/${eventStatus[event.state.status]}`,
		eventAttendanceMode: `${CONTEXT}/OnlineEventAttendanceMode`,
		location: { '@type': 'VirtualLocation', url: event.url },
		organizer: organisation(event.organiser),
		performer: event.performers.map((name) => ({ '@type': 'Person', name })),
		offers: event.offers.map(offer),
	}
}

export type PostFacts = {
	headline: string
	description: string
	url: string
	image: string
	published: string
	modified?: string
	author: string
	publisher: Organisation
}

/** A blog post. */
export function postingData(post: PostFacts): JsonLd {
	return {
		'@context': CONTEXT,
		'@type': 'BlogPosting',
		headline: post.headline,
		description: post.description,
		url: post.url,
		image: [post.image],
		datePublished: post.published,
		dateModified: post.modified ?? post.published,
		author: [{ '@type': 'Person', name: post.author }],
		publisher: organisation(post.publisher),
	}
}

/** The trail from the home page to this one: the last step is the page itself (no link). */
export function breadcrumbData(
	origin: string,
	steps: readonly { name: string; path: string }[],
): JsonLd {
	return {
		'@context': CONTEXT,
		'@type': 'BreadcrumbList',
		itemListElement: steps.map((step, index) => ({
			'@type': 'ListItem',
			position: index + 1,
			name: step.name,
			...(index < steps.length - 1 && { item: `${origin}${step.path}` }),
		})),
	}
}

/** The page's objects as meta descriptors (Remix writes each as one escaped script element). */
export function ldJsonMeta(objects: readonly JsonLd[] | undefined): { 'script:ld+json': JsonLd }[] {
	return (objects ?? []).map((object) => ({ 'script:ld+json': object }))
}
