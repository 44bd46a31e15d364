import { expect, test } from 'vitest'
import { csvCell } from '~/domain/csv'
import { newPublicId, PUBLIC_ID } from './public-id.server'

test('a new public id starts with a letter or digit, so an export prints it as the dashboard shows it', () => {
	// 1 in 32 plain draws starts with - or _: 5,000 draws without the rule would all but surely
	// show one.
	for (let i = 0; i < 5_000; i++) {
		const id = newPublicId()
		expect(id).toMatch(PUBLIC_ID)
		expect(id).toMatch(/^[A-Za-z0-9]/)
		expect(csvCell(id)).toBe(id)
	}
})
