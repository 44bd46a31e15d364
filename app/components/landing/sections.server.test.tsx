import { renderToStaticMarkup } from 'react-dom/server'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import type { Person, Testimonial } from '~/content/site-content'
import { courseCopy } from './course-copy.server'
import { courseSectionsHtml } from './sections.server'

// The sections' renderer, counted: what is rendered again and what is not.
vi.mock('react-dom/server', async (original) => {
	const actual = await original<typeof import('react-dom/server')>()
	return { ...actual, renderToStaticMarkup: vi.fn(actual.renderToStaticMarkup) }
})
const renders = vi.mocked(renderToStaticMarkup)

const instructors: Person[] = [{ name: 'Ada', role: 'Teacher', line: 'Builds', placeholder: false }]
const testimonials: Testimonial[] = [{ quote: 'Good', name: 'Bo', role: 'Dev', placeholder: false }]
const questions = (answer: string) => [{ question: 'Is it recorded?', answer }]
const input = (locale: 'en-US' | 'de-DE', answer: string, document?: Map<string, string>) => ({
	locale,
	copy: courseCopy[locale],
	faq: questions(answer),
	contact: 'hello@example.com',
	instructors,
	testimonials,
	document,
})

describe('the course sections as the page data carries them', () => {
	beforeEach(() => renders.mockClear())

	test('a client’s data carries each section’s HTML under its digest; a document’s only the digest, its HTML in the document’s store', () => {
		const data = courseSectionsHtml(input('en-US', 'Yes, every lesson.'))
		expect(data.faq.html).toContain('Is it recorded?')
		const store = new Map<string, string>()
		const documentData = courseSectionsHtml(input('en-US', 'Yes, every lesson.', store))
		expect(documentData.faq).toEqual({ digest: data.faq.digest })
		expect(store.get(data.faq.digest)).toBe(data.faq.html)
		expect(store.size).toBe(7)
	})

	test('the same words are not rendered again; changed questions are, and only their digest changes', () => {
		const first = courseSectionsHtml(input('en-US', 'Recorded, yes.'))
		const rendered = renders.mock.calls.length
		expect(rendered).toBe(7)
		// A new request reads the same questions into new objects.
		const again = courseSectionsHtml(input('en-US', 'Recorded, yes.'))
		expect(renders.mock.calls.length).toBe(rendered)
		expect(again).toEqual(first)

		const changed = courseSectionsHtml(input('en-US', 'Recorded, and captioned.'))
		expect(renders.mock.calls.length).toBe(rendered + 7)
		expect(changed.faq.digest).not.toBe(first.faq.digest)
		expect(changed.faq.html).toContain('captioned')
		expect(changed.outcomes.digest).toBe(first.outcomes.digest)
	})

	test('each language keeps its own sections', () => {
		const english = courseSectionsHtml(input('en-US', 'Recorded, yes.'))
		const german = courseSectionsHtml(input('de-DE', 'Recorded, yes.'))
		expect(german.outcomes.digest).not.toBe(english.outcomes.digest)
		const calls = renders.mock.calls.length
		expect(courseSectionsHtml(input('en-US', 'Recorded, yes.'))).toEqual(english)
		expect(courseSectionsHtml(input('de-DE', 'Recorded, yes.'))).toEqual(german)
		expect(renders.mock.calls.length).toBe(calls)
	})
})
