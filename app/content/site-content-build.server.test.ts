import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { compileSiteContent, SiteContentError } from './site-content-build.server'

describe('the content/site build', () => {
	const dirs: string[] = []
	afterEach(() => {
		for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
	})

	function siteDir(overrides: Record<string, string> = {}) {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-content-'))
		dirs.push(dir)
		const files: Record<string, string> = {
			'events.yml': `
- { id: opens, kind: course, title: Opens, description: D, start: '2027-02-02T17:00', end: '2027-02-02T18:00', timeZone: Europe/Berlin, location: Online }
- { id: ws, kind: workshop, title: W, description: D, start: '2026-12-10T18:00', end: '2026-12-10T20:00', timeZone: Europe/Berlin, location: Online }
- { id: day, kind: day, title: Day, description: D, start: '2027-03-18T09:00', end: '2027-03-18T17:00', timeZone: Europe/Amsterdam, location: Online, placeholder: true }
`,
			'people.yml': `instructors: [{ name: Ann Example, role: Teacher, line: Teaches. }]\nspeakers: [{ name: Speaker A, role: R, line: L, placeholder: true }]\n`,
			'testimonials.yml': `- { quote: Good, name: N, role: R }\n`,
			'agenda.yml': `workshop: [{ time: '0:00', title: Start }]\nday: [{ time: '09:30', title: Keynote, speaker: Speaker A }]\n`,
			...overrides,
		}
		for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text)
		return dir
	}

	test('events are stored as UTC instants with their zone; placeholders stay marked', () => {
		const content = compileSiteContent(siteDir())
		expect(content.events[1]).toMatchObject({
			id: 'ws',
			start: '2026-12-10T17:00:00.000Z',
			end: '2026-12-10T19:00:00.000Z',
			timeZone: 'Europe/Berlin',
			placeholder: false,
		})
		expect(content.events[2]?.placeholder).toBe(true)
		expect(content.people.speakers[0]?.placeholder).toBe(true)
	})

	test('an unknown time zone stops the build naming the file and the field', () => {
		const dir = siteDir({
			'events.yml': `- { id: opens, kind: course, title: O, description: D, start: '2027-02-02T17:00', end: '2027-02-02T18:00', timeZone: Mars/Olympus, location: Online }\n`,
		})
		expect(() => compileSiteContent(dir)).toThrow(SiteContentError)
		expect(() => compileSiteContent(dir)).toThrow(
			/events\.yml: invalid\n {2}0\.timeZone: must be an IANA/,
		)
	})

	test('an event that ends before it starts is refused', () => {
		const dir = siteDir({
			'events.yml': `- { id: opens, kind: course, title: O, description: D, start: '2027-02-02T17:00', end: '2027-02-02T16:00', timeZone: UTC, location: Online }\n`,
		})
		expect(() => compileSiteContent(dir)).toThrow(/0\.end: must be after start/)
	})

	test('a workshop session may have a capacity: a whole number of places, on workshop sessions only', () => {
		const withCapacity = (entry: string) =>
			siteDir({
				'events.yml': `
- { id: opens, kind: course, title: Opens, description: D, start: '2027-02-02T17:00', end: '2027-02-02T18:00', timeZone: Europe/Berlin, location: Online }
- ${entry}
- { id: day, kind: day, title: Day, description: D, start: '2027-03-18T09:00', end: '2027-03-18T17:00', timeZone: Europe/Amsterdam, location: Online }
`,
			})
		const session =
			"{ id: ws, kind: workshop, title: W, description: D, start: '2026-12-10T18:00', end: '2026-12-10T20:00', timeZone: Europe/Berlin, location: Online"
		expect(compileSiteContent(withCapacity(`${session}, capacity: 30 }`)).events[1]).toMatchObject({
			id: 'ws',
			capacity: 30,
		})
		expect(compileSiteContent(withCapacity(`${session} }`)).events[1]?.capacity).toBeUndefined()
		expect(() => compileSiteContent(withCapacity(`${session}, capacity: 0 }`))).toThrow(
			/1\.capacity: must be a whole number of places, at least 1/,
		)
		expect(() =>
			compileSiteContent(
				withCapacity(
					"{ id: ws, kind: day, title: W, description: D, start: '2026-12-10T18:00', end: '2026-12-10T20:00', timeZone: Europe/Berlin, location: Online, capacity: 3 }",
				),
			),
		).toThrow(/1\.capacity: only a workshop session has a capacity/)
	})

	test('the day event may name its pass rooms’ joining link and what a registration and a pass give; a workshop session may not (docs/decisions/155)', () => {
		const withEntries = (session: string, day: string) =>
			siteDir({
				'events.yml': `
- { id: opens, kind: course, title: Opens, description: D, start: '2027-02-02T17:00', end: '2027-02-02T18:00', timeZone: Europe/Berlin, location: Online }
- { id: ws, kind: workshop, title: W, description: D, start: '2026-12-10T18:00', end: '2026-12-10T20:00', timeZone: Europe/Berlin, location: Online${session} }
- { id: day, kind: day, title: Day, description: D, start: '2027-03-18T09:00', end: '2027-03-18T17:00', timeZone: Europe/Amsterdam, location: Online${day} }
`,
			})
		const day =
			', joinUrl: https://stream.example/d, passJoinUrl: https://rooms.example/d, includes: { registration: The stream., pass: The rooms too. }'
		expect(compileSiteContent(withEntries('', day)).events[2]).toMatchObject({
			joinUrl: 'https://stream.example/d',
			passJoinUrl: 'https://rooms.example/d',
			includes: { registration: 'The stream.', pass: 'The rooms too.' },
		})
		expect(() =>
			compileSiteContent(withEntries(', passJoinUrl: https://rooms.example/w', '')),
		).toThrow(/1\.passJoinUrl: only the day event has one/)
		expect(() =>
			compileSiteContent(withEntries(', includes: { registration: A, pass: B }', '')),
		).toThrow(/1\.includes: only the day event has one/)
		expect(() => compileSiteContent(withEntries('', ', includes: { registration: A }'))).toThrow(
			/2\.includes\.pass/,
		)
	})

	test('an event may be marked tentative or cancelled, nothing else (docs/decisions/117)', () => {
		const withStatus = (status: string) =>
			siteDir({
				'events.yml': `
- { id: opens, kind: course, title: Opens, description: D, start: '2027-02-02T17:00', end: '2027-02-02T18:00', timeZone: Europe/Berlin, location: Online }
- { id: ws, kind: workshop, title: W, description: D, start: '2026-12-10T18:00', end: '2026-12-10T20:00', timeZone: Europe/Berlin, location: Online, status: ${status} }
- { id: day, kind: day, title: Day, description: D, start: '2027-03-18T09:00', end: '2027-03-18T17:00', timeZone: Europe/Amsterdam, location: Online }
`,
			})
		expect(compileSiteContent(withStatus('cancelled')).events[1]?.status).toBe('cancelled')
		expect(compileSiteContent(withStatus('tentative')).events[1]?.status).toBe('tentative')
		expect(() => compileSiteContent(withStatus('maybe'))).toThrow(
			/1\.status: must be tentative or cancelled \(or left out: confirmed\)/,
		)
	})

	test("every workshop session bears the workshop's one title", () => {
		const dir = siteDir({
			'events.yml': `
- { id: opens, kind: course, title: Opens, description: D, start: '2027-02-02T17:00', end: '2027-02-02T18:00', timeZone: Europe/Berlin, location: Online }
- { id: ws-1, kind: workshop, title: The workshop, description: D, start: '2026-12-10T18:00', end: '2026-12-10T20:00', timeZone: Europe/Berlin, location: Online }
- { id: ws-2, kind: workshop, title: Another workshop, description: D, start: '2027-01-10T18:00', end: '2027-01-10T20:00', timeZone: Europe/Berlin, location: Online }
- { id: day, kind: day, title: Day, description: D, start: '2027-03-18T09:00', end: '2027-03-18T17:00', timeZone: Europe/Amsterdam, location: Online }
`,
		})
		expect(() => compileSiteContent(dir)).toThrow(
			/2\.title: every workshop session has the workshop's title "The workshop"/,
		)
	})

	test('an agenda naming a speaker who is not in people.yml is refused', () => {
		const dir = siteDir({
			'agenda.yml': `workshop: []\nday: [{ time: '09:30', title: Keynote, speaker: Nobody }]\n`,
		})
		expect(() => compileSiteContent(dir)).toThrow(/"Nobody" is not in people\.yml/)
	})
})
