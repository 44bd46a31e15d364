import { describe, expect, test } from 'vitest'
import { byNewest, visibleContent } from './content.server'

describe('drafts', () => {
	const items = [
		{ title: 'Published', draft: false },
		{ title: 'Draft', draft: true },
	]

	test('are hidden outside preview mode', () => {
		expect(visibleContent(items, false).map((item) => item.title)).toEqual(['Published'])
	})

	test('show in preview mode', () => {
		expect(visibleContent(items, true).map((item) => item.title)).toEqual(['Published', 'Draft'])
	})
})

test('lists sort newest first, then by title', () => {
	const item = (title: string, date: string) => ({ title, date }) as Parameters<typeof byNewest>[0]
	const sorted = [item('b', '2025-01-01'), item('c', '2025-02-01'), item('a', '2025-01-01')].sort(
		byNewest,
	)
	expect(sorted.map((entry) => entry.title)).toEqual(['c', 'a', 'b'])
})
