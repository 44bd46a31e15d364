import { describe, expect, test } from 'vitest'
import { breadcrumbData, courseData, eventData, ldJsonMeta } from './structured-data'

const organiser = {
	name: 'AI-Driven Development',
	url: 'https://site.test/',
	sameAs: ['https://x.com/a'],
}
const event = {
	name: 'The day',
	description: 'Talks',
	url: 'https://site.test/day',
	image: 'https://site.test/social.png',
	start: '2027-06-10T07:00:00.000Z',
	end: '2027-06-10T15:00:00.000Z',
	timeZone: 'Europe/Amsterdam',
	organiser,
	performers: ['Ada'],
	offers: [
		{
			price: 99,
			currency: 'EUR',
			availability: 'SoldOut' as const,
			url: 'https://site.test/day#passes',
		},
	],
}

describe('structured data', () => {
	test('an event is written in its own zone, online, with its offers', () => {
		const data = eventData({ ...event, state: { status: 'scheduled' } })
		expect(data).toMatchObject({
			'@context': 'https://schema.org',
			'@type': 'EducationEvent',
			startDate: '2027-06-10T09:00:00+02:00',
			endDate: '2027-06-10T17:00:00+02:00',
			eventStatus: 'https://schema.org/EventScheduled',
			eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
			location: { '@type': 'VirtualLocation', url: 'https://site.test/day' },
			organizer: { '@type': 'Organization', name: 'AI-Driven Development' },
			performer: [{ '@type': 'Person', name: 'Ada' }],
			offers: [
				{
					'@type': 'Offer',
					category: 'Paid',
					price: 99,
					priceCurrency: 'EUR',
					availability: 'https://schema.org/SoldOut',
				},
			],
		})
		expect(data).not.toHaveProperty('previousStartDate')
	})

	test('a moved date is rescheduled from the start it had; a cancelled one cancelled', () => {
		const moved = eventData({
			...event,
			state: { status: 'rescheduled', previousStart: '2027-05-20T07:00:00.000Z' },
		})
		expect(moved.eventStatus).toBe('https://schema.org/EventRescheduled')
		expect(moved.previousStartDate).toBe('2027-05-20T09:00:00+02:00')
		expect(eventData({ ...event, state: { status: 'cancelled' } }).eventStatus).toBe(
			'https://schema.org/EventCancelled',
		)
	})

	test('a course: online, with its workload, price and opening date; no date when none is shown', () => {
		const course = {
			name: 'AI Driven Dev',
			description: 'A course',
			url: 'https://site.test/',
			image: 'https://site.test/social.png',
			provider: organiser,
			offer: {
				price: 249,
				currency: 'USD',
				availability: 'PreOrder' as const,
				url: 'https://site.test/#pricing',
			},
			workload: 'PT20H',
			opens: { start: '2027-02-02T16:00:00.000Z', timeZone: 'Europe/Berlin' },
			instructors: ['Grace'],
			language: 'en',
		}
		expect(courseData(course)).toMatchObject({
			'@type': 'Course',
			provider: { '@type': 'Organization' },
			offers: [{ category: 'Paid', price: 249, availability: 'https://schema.org/PreOrder' }],
			hasCourseInstance: [
				{
					'@type': 'CourseInstance',
					courseMode: 'Online',
					courseWorkload: 'PT20H',
					startDate: '2027-02-02T17:00:00+01:00',
					instructor: [{ '@type': 'Person', name: 'Grace' }],
				},
			],
		})
		const open = courseData({ ...course, opens: null })
		expect((open.hasCourseInstance as object[])[0]).not.toHaveProperty('startDate')
	})

	test('a trail links every step but the page itself', () => {
		expect(
			breadcrumbData('https://site.test', [
				{ name: 'Home', path: '/' },
				{ name: 'Blog', path: '/blog' },
				{ name: 'A post', path: '/blog/a/post' },
			]).itemListElement,
		).toEqual([
			{ '@type': 'ListItem', position: 1, name: 'Home', item: 'https://site.test/' },
			{ '@type': 'ListItem', position: 2, name: 'Blog', item: 'https://site.test/blog' },
			{ '@type': 'ListItem', position: 3, name: 'A post' },
		])
	})

	test('each object is one meta descriptor; none for a page without', () => {
		const trail = breadcrumbData('https://site.test', [{ name: 'Home', path: '/' }])
		expect(ldJsonMeta([trail])).toEqual([{ 'script:ld+json': trail }])
		expect(ldJsonMeta(undefined)).toEqual([])
	})
})
