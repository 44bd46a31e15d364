import { createRemixStub } from '@remix-run/testing'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { FollowUpsWaiting, WaitlistLengths } from './owner-to-dos'

const WHEN = 'Thu 10 Dec, 18:00–20:00 (CET)'

function TwoLists() {
	return (
		<WaitlistLengths
			lists={[
				{ itemCode: 'seat', itemName: 'Course seat', people: 3, seats: 4 },
				{ itemCode: 'pass', itemName: 'Day pass', people: 1, seats: 1 },
			]}
		/>
	)
}
const NoList = () => <WaitlistLengths lists={[]} />
const OneWaiting = () => <FollowUpsWaiting sessions={[WHEN]} />
const NoneWaiting = () => <FollowUpsWaiting sessions={[]} />

/** Rendered inside a router, as the overview is (its links need one). */
function render(Component: () => React.ReactNode) {
	const Stub = createRemixStub([{ path: '/', Component }])
	return renderToStaticMarkup(<Stub />)
}

describe('what the overview tells the owner beside the sale (docs/decisions/157)', () => {
	test("each product's waiting list shows the people still waiting and the seats they want, with the list's link", () => {
		const html = render(TwoLists)
		expect(html).toContain(
			'Course seat: waiting list</dt><dd class="text-xl font-semibold">3 waiting · 4 wanted',
		)
		expect(html).toContain(
			'Day pass: waiting list</dt><dd class="text-xl font-semibold">1 waiting · 1 wanted',
		)
		expect(html).toContain('href="/admin/waitlist"')
		expect(html).not.toContain('Nobody is on a waiting list')
	})

	test('an empty waiting list says nobody is on it', () => {
		expect(render(NoList)).toContain('Nobody is on a waiting list.')
	})

	test('each ended session without its follow-up link is named as waiting for one, with the way to set it', () => {
		const html = render(OneWaiting)
		expect(html).toContain(`${WHEN}: follow-up waiting for a link.`)
		expect(html).toContain('href="/admin/follow-ups"')
		expect(render(NoneWaiting)).not.toContain('follow-up')
	})
})
