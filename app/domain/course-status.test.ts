import { describe, expect, test } from 'vitest'
import { courseBuyWords, courseIsOpen } from './course-status'

describe('the course status (docs/decisions/156)', () => {
	test('only `open` is open: SPEC’s first status, an unknown one or none is a pre-order', () => {
		expect(courseIsOpen('open')).toBe(true)
		for (const status of ['pre_order', 'closed', '', null, undefined])
			expect(courseIsOpen(status)).toBe(false)
	})

	test('the buy words say pre-order before the opening and access now after it', () => {
		expect(courseBuyWords('pre_order')).toMatchObject({
			button: 'Pre-order your seat',
			heading: 'Pre-order now',
		})
		const open = courseBuyWords('open')
		expect(open).toMatchObject({ button: 'Enrol: access now', heading: 'Enrol now' })
		expect(JSON.stringify(open)).not.toMatch(/pre-order/i)
	})

	test('under /de the same choice in German, and English stays the default', () => {
		expect(courseBuyWords('pre_order', 'de-DE')).toMatchObject({ button: 'Platz vorbestellen' })
		expect(courseBuyWords('open', 'de-DE')).toMatchObject({ heading: 'Jetzt einschreiben' })
		expect(courseBuyWords('open', 'en-US')).toEqual(courseBuyWords('open'))
	})
})
