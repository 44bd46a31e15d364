import { describe, expect, test } from 'vitest'
import { MESSAGES } from './messages'
import { parseForm } from './registry'

const form = (fields: Record<string, string>) => {
	const data = new FormData()
	for (const [name, value] of Object.entries(fields)) data.set(name, value)
	return data
}
const errorsOf = (fields: Record<string, string>) => {
	const submission = parseForm('adminMessage', form(fields))
	return submission.status === 'success' ? {} : (submission.error ?? {})
}
const draft = { subject: 'News', body: 'Line one\n\nLine **two**', audience: 'workshop' }

describe("the owner's message form (docs/decisions/119)", () => {
	test('a preview takes a subject, a Markdown body with lines, and an audience', () => {
		const submission = parseForm('adminMessage', form({ intent: 'preview', ...draft }))
		expect(submission.status).toBe('success')
	})

	test('a subject with a line break, or none, is refused next to the subject', () => {
		for (const subject of ['', 'Two\nlines', 'x'.repeat(201)]) {
			expect(errorsOf({ intent: 'preview', ...draft, subject }).subject).toEqual([
				MESSAGES.adminMessageSubject,
			])
		}
	})

	test('a test needs the address it goes to', () => {
		expect(errorsOf({ intent: 'test', ...draft }).testTo).toEqual([MESSAGES.adminMessageTestTo])
		expect(errorsOf({ intent: 'test', ...draft, testTo: 'nope' }).testTo).toEqual([MESSAGES.email])
	})

	test('a send needs the count the preview showed', () => {
		expect(errorsOf({ intent: 'send', ...draft }).expectedCount).toEqual([
			MESSAGES.adminMessagePreviewFirst,
		])
		const ok = parseForm('adminMessage', form({ intent: 'send', ...draft, expectedCount: '3' }))
		expect(ok.status).toBe('success')
	})

	test('an unknown intent is refused', () => {
		const submission = parseForm('adminMessage', form({ intent: 'delete', ...draft }))
		expect(submission.status).toBe('error')
	})
})
