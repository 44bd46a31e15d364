/**
 * Compiles content/site/*.yml (events, people, testimonials, agendas) into the build's
 * site.json (docs/decisions/086, 087). Runs in `npm run build` only, like the MDX compiler:
 * a bad date, zone, link or a missing field stops the build with the file and the field.
 */
import fs from 'node:fs'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { LOCAL_TIME, zonedTimeToUtc } from '../domain/zoned-time'
import { PLACEHOLDER_SELLER, type SiteContent } from './site-content'

/** A content file under content/site/ that cannot be built. */
export class SiteContentError extends Error {
	name = 'SiteContentError'
}

const text = (max: number) =>
	z
		.string({ required_error: 'is required', invalid_type_error: 'must be text' })
		.trim()
		.min(1, 'must not be empty')
		.max(max, `must be at most ${max} characters`)

const localTime = z
	.string({ required_error: 'is required', invalid_type_error: 'must be text in quotes' })
	.regex(LOCAL_TIME, 'must be a local time such as "2027-01-14T18:00"')

const timeZone = z.string({ required_error: 'is required' }).refine((zone) => {
	try {
		new Intl.DateTimeFormat('en', { timeZone: zone })
		return zone.includes('/') || zone === 'UTC'
	} catch {
		return false
	}
}, 'must be an IANA time zone such as Europe/Berlin')

const placeholder = z.boolean({ invalid_type_error: 'must be true or false' }).default(false)

const eventSchema = z
	.object({
		id: z
			.string({ required_error: 'is required' })
			.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase words joined by hyphens'),
		kind: z.enum(['course', 'workshop', 'day']),
		title: text(120),
		description: text(300),
		start: localTime,
		end: localTime,
		timeZone,
		location: text(200),
		joinUrl: z.string().url('must be a full URL such as https://…').optional(),
		// The day event's second room, for pass holders, and what each kind of place gives (155).
		passJoinUrl: z.string().url('must be a full URL such as https://…').optional(),
		includes: z
			.object(
				{ registration: text(300), pass: text(300) },
				{ invalid_type_error: 'must name registration and pass' },
			)
			.strict()
			.optional(),
		// A workshop session's places (docs/decisions/110); without one, a session has no limit.
		capacity: z
			.number({ invalid_type_error: 'must be a whole number of places, at least 1' })
			.int('must be a whole number of places, at least 1')
			.min(1, 'must be a whole number of places, at least 1')
			.optional(),
		placeholder,
		// docs/decisions/117: a provisional date, or an event that will not take place.
		status: z
			.enum(['tentative', 'cancelled'], {
				errorMap: () => ({ message: 'must be tentative or cancelled (or left out: confirmed)' }),
			})
			.optional(),
	})
	.strict()
	.transform((event, context) => {
		const start = zonedTimeToUtc(event.start, event.timeZone)
		const end = zonedTimeToUtc(event.end, event.timeZone)
		if (end <= start) {
			context.addIssue({ code: 'custom', path: ['end'], message: 'must be after start' })
			return z.NEVER
		}
		if (event.capacity !== undefined && event.kind !== 'workshop') {
			context.addIssue({
				code: 'custom',
				path: ['capacity'],
				message: 'only a workshop session has a capacity',
			})
			return z.NEVER
		}
		for (const field of ['passJoinUrl', 'includes'] as const)
			if (event[field] !== undefined && event.kind !== 'day') {
				context.addIssue({ code: 'custom', path: [field], message: 'only the day event has one' })
				return z.NEVER
			}
		return { ...event, start: start.toISOString(), end: end.toISOString() }
	})

const eventsSchema = z.array(eventSchema).superRefine((events, context) => {
	const seen = new Set<string>()
	for (const [index, event] of events.entries()) {
		if (seen.has(event.id))
			context.addIssue({ code: 'custom', path: [index, 'id'], message: 'is used twice' })
		seen.add(event.id)
	}
	// The workshop has one title, which its page, its e-mails and every calendar entry name
	// (docs/decisions/110): the first session's, and every other session must repeat it.
	const workshopTitle = events.find((event) => event.kind === 'workshop')?.title
	for (const [index, event] of events.entries()) {
		if (event.kind === 'workshop' && event.title !== workshopTitle)
			context.addIssue({
				code: 'custom',
				path: [index, 'title'],
				message: `every workshop session has the workshop's title "${workshopTitle}"`,
			})
	}
	// The pages show one course release and one day event, and at least one workshop session.
	for (const kind of ['course', 'workshop', 'day'] as const) {
		if (!events.some((event) => event.kind === kind))
			context.addIssue({ code: 'custom', path: [], message: `needs an event of kind ${kind}` })
	}
})

const personSchema = z
	.object({
		name: text(80),
		role: text(120),
		line: text(240),
		photo: z
			.string()
			.regex(/^\/[\w./-]+\.(png|jpe?g|webp|svg)$/, 'must be a path such as /people/jane.jpg')
			.optional(),
		placeholder,
	})
	.strict()

const peopleSchema = z
	.object({
		instructors: z.array(personSchema).min(1, 'needs at least one instructor'),
		speakers: z.array(personSchema).default([]),
	})
	.strict()

const testimonialsSchema = z.array(
	z.object({ quote: text(400), name: text(80), role: text(120), placeholder }).strict(),
)

const agendaItem = z
	.object({
		time: z.string().regex(/^\d{1,2}:\d{2}$/, 'must be a time such as 09:30 or 0:45'),
		title: text(120),
		text: text(240).optional(),
		speaker: text(80).optional(),
	})
	.strict()

const agendaSchema = z.object({ workshop: z.array(agendaItem), day: z.array(agendaItem) }).strict()

/** The seller on invoices (docs/decisions/115): who issues them, numbered in their own sequence. */
const sellerSchema = z
	.object({
		/** The sequence's name: another seller (a new company) starts its own numbers. */
		id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be lower-case letters, digits and -'),
		name: text(120),
		address: z.array(text(120)).min(1, 'needs at least one line').max(6),
		country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO country code such as NL'),
		vatNumber: text(20).optional(),
		email: z.string().email('must be an e-mail address').optional(),
		contactEmail: z.string().email('must be an e-mail address').optional(),
		invoicePrefix: z
			.string()
			.regex(/^[A-Z0-9-]{0,12}$/, 'must be capitals, digits and - (at most 12)')
			.default('INV-'),
		placeholder,
	})
	.strict()

function readYaml<T>(dir: string, name: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>): T {
	const file = path.join(dir, name)
	if (!fs.existsSync(file)) throw new SiteContentError(`${file}: missing`)
	let raw: unknown
	try {
		raw = parseYaml(fs.readFileSync(file, 'utf8'))
	} catch (error) {
		throw new SiteContentError(`${file}: not valid YAML: ${(error as Error).message}`)
	}
	const result = schema.safeParse(raw)
	if (!result.success) {
		const problems = result.error.issues.map(
			(issue) => `  ${issue.path.join('.') || '(file)'}: ${issue.message}`,
		)
		throw new SiteContentError(`${file}: invalid\n${problems.join('\n')}`)
	}
	return result.data
}

/** Reads and checks every file of content/site/; throws a SiteContentError naming the first bad one. */
export function compileSiteContent(dir: string): SiteContent {
	const content: SiteContent = {
		events: readYaml(dir, 'events.yml', eventsSchema),
		people: readYaml(dir, 'people.yml', peopleSchema),
		testimonials: readYaml(dir, 'testimonials.yml', testimonialsSchema) ?? [],
		agenda: readYaml(dir, 'agenda.yml', agendaSchema),
		seller: fs.existsSync(path.join(dir, 'seller.yml'))
			? readYaml(dir, 'seller.yml', sellerSchema)
			: PLACEHOLDER_SELLER,
	}
	const names = new Set(
		[...content.people.instructors, ...content.people.speakers].map((person) => person.name),
	)
	for (const item of content.agenda.day) {
		if (item.speaker && item.speaker !== 'All speakers' && !names.has(item.speaker)) {
			throw new SiteContentError(
				`${path.join(dir, 'agenda.yml')}: day: the speaker "${item.speaker}" is not in people.yml`,
			)
		}
	}
	return content
}
