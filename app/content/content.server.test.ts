import { describe, expect, test } from 'vitest'
import { previewRedirect } from '~/http/preview.server'
import { byNewest, contentHeaders, isPreview, visibleContent } from './content.server'

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

	test('preview mode is on with a signed preview token only (docs/decisions/068)', async () => {
		process.env.SESSION_SECRET ??= 'x'.repeat(40)
		process.env.DATA_DIR ??= '/tmp/content-test-data'
		process.env.PREVIEW_SECRET = 'content-unit-preview-secret'
		const request = (cookie?: string) =>
			new Request('http://x/', { headers: cookie ? { cookie } : {} })
		expect(await isPreview(request())).toBe(false)
		expect(await isPreview(request('preview='))).toBe(false)
		expect(await isPreview(request('color-mode=dark; preview=token123'))).toBe(false)
		const on = await previewRedirect(
			new Request('http://x/?preview=true&secret=content-unit-preview-secret'),
			{ secure: false, clientIp: '203.0.113.7' },
		)
		const token = on!.headers
			.getSetCookie()
			.find((line) => line.startsWith('preview='))!
			.split(';')[0]
		expect(await isPreview(request(`color-mode=dark; ${token}`))).toBe(true)
	})

	test('preview pages are never cached', () => {
		expect(contentHeaders(true)['Cache-Control']).toBe('private, no-store')
		expect(contentHeaders(false)).toMatchObject({ Vary: 'Cookie' })
	})
})

test('lists sort newest first, then by title', () => {
	const item = (title: string, date: string) => ({ title, date }) as Parameters<typeof byNewest>[0]
	const sorted = [item('b', '2025-01-01'), item('c', '2025-02-01'), item('a', '2025-01-01')].sort(
		byNewest,
	)
	expect(sorted.map((entry) => entry.title)).toEqual(['c', 'a', 'b'])
})
