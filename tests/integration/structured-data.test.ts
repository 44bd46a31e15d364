/**
 * What search engines read (issue 38 item 1, docs/decisions/169): `/`, `/for/react`, `/workshop`,
 * the day page, a blog post and a cheatsheet carry JSON-LD that parses, has every field Google's
 * Course info, Event, Article and Breadcrumb documentation requires (and the recommended ones we
 * can fill), and says what the page shows: the name, the price, the dates. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formatPrice } from '~/domain/pricing'
import { type RunningServer, startServer } from '../support/server'

// People get a streamed page, bots the whole document at once (decision 002): a crawler's view.
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/

type Json = Record<string, unknown> & { '@type': string }

type Page = { html: string; data: Json[]; text: string; h1: string; times: string[] }

/** The page as a crawler gets it, its JSON-LD parsed (a block that does not parse fails here). */
async function page(server: RunningServer, path: string): Promise<Page> {
	const response = await fetch(`${server.url}${path}`, { headers: { 'user-agent': CRAWLER } })
	expect(response.status, path).toBe(200)
	const html = await response.text()
	const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
	const data = blocks.map(([, json]) => JSON.parse(unescapeHtml(json!)) as Json)
	const text = unescapeHtml(
		html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' '),
	).replace(/\s+/g, ' ')
	const h1 = unescapeHtml(
		/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '',
	).trim()
	const times = [...html.matchAll(/<time[^>]*dateTime="([^"]+)"/gi)].map(([, value]) => value!)
	return { html, data, text, h1, times }
}

function unescapeHtml(value: string): string {
	return value
		.replace(/&quot;/g, '"')
		.replace(/&#x27;|&#39;/g, "'")
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&')
}

const ofType = (data: Json[], type: string) => data.filter((object) => object['@type'] === type)

/** Google's required and recommended fields of an Offer (Course info, Event). */
function expectOffer(offer: Record<string, unknown>) {
	expect(offer['@type']).toBe('Offer')
	expect(typeof offer.price).toBe('number')
	expect(offer.priceCurrency).toMatch(/^[A-Z]{3}$/)
	expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|SoldOut|PreOrder)$/)
	expect(offer.category).toBe(offer.price === 0 ? 'Free' : 'Paid')
	expect(offer.url).toMatch(/^https?:\/\//)
}

function expectOrganisation(organisation: Record<string, unknown>) {
	expect(organisation['@type']).toBe('Organization')
	expect(organisation.name).toBeTruthy()
	expect(organisation.url).toMatch(/^https?:\/\//)
}

/** Google's Event: name, startDate (with its offset) and location required; the rest recommended. */
function expectEvent(event: Json) {
	expect(event['@context']).toBe('https://schema.org')
	expect(event.name).toBeTruthy()
	expect(event.description).toBeTruthy()
	expect(event.startDate).toMatch(WITH_OFFSET)
	expect(event.endDate).toMatch(WITH_OFFSET)
	expect(new Date(event.endDate as string) > new Date(event.startDate as string)).toBe(true)
	expect(event.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode')
	expect(event.eventStatus).toMatch(
		/^https:\/\/schema\.org\/Event(Scheduled|Cancelled|Rescheduled)$/,
	)
	expect(event.location).toMatchObject({ '@type': 'VirtualLocation' })
	expect((event.location as { url: string }).url).toMatch(/^https?:\/\//)
	expect((event.image as string[])[0]).toMatch(/^https?:\/\/.+\.png$/)
	expectOrganisation(event.organizer as Json)
	const performers = event.performer as Json[]
	expect(performers.length).toBeGreaterThan(0)
	for (const performer of performers) expect(performer).toMatchObject({ '@type': 'Person' })
	const offers = event.offers as Json[]
	expect(offers.length).toBeGreaterThan(0)
	for (const offer of offers) expectOffer(offer)
}

/** Google's BreadcrumbList: each step's position and name, and a link but for the last. */
function expectTrail(page: Page, names: string[]) {
	const [trail, ...more] = ofType(page.data, 'BreadcrumbList')
	expect(more).toHaveLength(0)
	const steps = trail!.itemListElement as Json[]
	expect(steps.map((step) => step.name)).toEqual(names)
	steps.forEach((step, index) => {
		expect(step).toMatchObject({ '@type': 'ListItem', position: index + 1 })
		if (index < steps.length - 1) expect(step.item).toMatch(/^https?:\/\//)
		else expect(step.item).toBeUndefined()
	})
}

describe('structured data for search engines', () => {
	let server: RunningServer

	beforeAll(async () => {
		server = await startServer()
	}, 120_000)
	afterAll(async () => {
		await server?.stop()
	})

	test('the course page: a Course with its provider, its price as shown, online with its workload and opening date', async () => {
		for (const path of ['/', '/for/react']) {
			const shown = await page(server, path)
			const [course, ...more] = ofType(shown.data, 'Course')
			expect(more, path).toHaveLength(0)
			expect(course!['@context']).toBe('https://schema.org')
			expect(course!.name).toBe(shown.h1)
			expect(shown.text).toContain(course!.description)
			expectOrganisation(course!.provider as Json)
			const [offer] = course!.offers as Json[]
			expectOffer(offer!)
			expect(shown.text).toContain(
				formatPrice(offer!.price as number, offer!.priceCurrency as string),
			)
			// Before the opening: a pre-order, as the page's button says.
			expect(offer!.availability).toBe('https://schema.org/PreOrder')
			expect(shown.text).toContain('Pre-order')
			const [instance] = course!.hasCourseInstance as Json[]
			expect(instance).toMatchObject({ '@type': 'CourseInstance', courseMode: 'Online' })
			const hours = /^PT(\d+)H$/.exec(instance!.courseWorkload as string)?.[1]
			expect(shown.text).toContain(`About ${hours} hours of lessons and exercises`)
			expect(instance!.startDate).toMatch(WITH_OFFSET)
			expect(shown.times).toContain(new Date(instance!.startDate as string).toISOString())
			expect((instance!.instructor as Json[]).length).toBeGreaterThan(0)
		}
	}, 60_000)

	test('the workshop: each session an event on the dates the page shows, free', async () => {
		const shown = await page(server, '/workshop')
		const sessions = ofType(shown.data, 'EducationEvent')
		expect(sessions.length).toBeGreaterThan(0)
		for (const session of sessions) {
			expectEvent(session)
			expect(session.name).toBe(shown.h1)
			expect(shown.times).toContain(new Date(session.startDate as string).toISOString())
			expect((session.offers as Json[]).map((offer) => offer.price)).toEqual([0])
		}
	}, 60_000)

	test('the day: an event on the date the page shows, the free registration and each pass at the price shown', async () => {
		const shown = await page(server, '/ai-driven-development-day')
		const [day, ...more] = ofType(shown.data, 'EducationEvent')
		expect(more).toHaveLength(0)
		expectEvent(day!)
		expect(shown.times).toContain(new Date(day!.startDate as string).toISOString())
		const [registration, ...passes] = day!.offers as Json[]
		expect(registration!.price).toBe(0)
		expect(passes.length).toBeGreaterThan(0)
		for (const pass of passes)
			expect(shown.text).toContain(formatPrice(pass.price as number, pass.priceCurrency as string))
		for (const performer of day!.performer as Json[]) expect(shown.text).toContain(performer.name)
	}, 60_000)

	test('a blog post: a BlogPosting with its headline, dates, author and image, and the trail Home › Blog › the post', async () => {
		const shown = await page(server, '/blog/workflow/the-review-loop')
		const [post, ...more] = ofType(shown.data, 'BlogPosting')
		expect(more).toHaveLength(0)
		expect(post!.headline).toBe(shown.h1)
		expect(post!.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}/)
		expect(post!.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}/)
		expect((post!.image as string[])[0]).toMatch(/^https?:\/\//)
		const [author] = post!.author as Json[]
		expect(author).toMatchObject({ '@type': 'Person' })
		expect(shown.text).toContain(author!.name)
		expectOrganisation(post!.publisher as Json)
		expectTrail(shown, ['Home', 'Blog', shown.h1])
	}, 60_000)

	test('a cheatsheet: the trail Home › Cheatsheets › the sheet', async () => {
		const shown = await page(server, '/cheatsheets/git-safety-net')
		expectTrail(shown, ['Home', 'Cheatsheets', shown.h1])
		expect(ofType(shown.data, 'BlogPosting')).toHaveLength(0)
	}, 60_000)
})
