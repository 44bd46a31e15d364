import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { SessionHeadCounts } from './session-head-counts'

describe("the owner's workshop head count (docs/decisions/131)", () => {
	test('a session shows its confirmed places, and the ones awaiting confirmation apart', () => {
		const html = renderToStaticMarkup(
			<SessionHeadCounts
				rows={[
					{ id: 'spring', when: '1 May', capacity: 30, count: 12, awaiting: 3 },
					{ id: 'summer', when: '1 July', capacity: null, count: 4, awaiting: 0 },
				]}
			/>,
		)
		const cells = (row: string) =>
			[
				...(
					html.match(new RegExp(`<tr><td data-label="Session">${row}</td>.*?</tr>`))?.[0] ?? ''
				).matchAll(/<td data-label="[^"]+">(.*?)<\/td>/g),
			].map((match) => match[1])
		expect(html).toMatch(/<th scope="col">Confirmed<\/th><th scope="col">Capacity<\/th>/)
		expect(cells('spring')).toEqual(['spring', '1 May', '12 (+3 awaiting)', '30'])
		expect(cells('summer')).toEqual(['summer', '1 July', '4', '—'])
	})
})
