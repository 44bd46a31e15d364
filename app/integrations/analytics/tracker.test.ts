import { afterEach, describe, expect, test, vi } from 'vitest'
import { CUSTOMERIO_WARNING, createTracker, eventProperties } from './tracker'

afterEach(() => vi.restoreAllMocks())
const context = () => ({ geo: { country_code: 'DE' }, friend: 'k1' })

describe('customer-data tracker (SPEC §7)', () => {
	test('without a write key it only warns', async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
		const load = vi.fn()
		const tracker = createTracker(null, context, load)
		tracker.track('page_view', { previous_path: '/', current_path: '/workshop' })
		tracker.identify('a@b.c')
		expect(load).not.toHaveBeenCalled()
		expect(warn).toHaveBeenCalledWith(CUSTOMERIO_WARNING)
	})

	test('identifies with an empty payload on start, then by e-mail; events carry created_at, geo and friend', async () => {
		const client = { identify: vi.fn(), track: vi.fn() }
		const tracker = createTracker('key', context, async () => client)
		tracker.track('page_view', { previous_path: '/', current_path: '/workshop' })
		tracker.identify('a@b.c')
		await new Promise((resolve) => setTimeout(resolve, 0))
		expect(client.identify.mock.calls[0]).toEqual([{}])
		expect(client.identify.mock.calls[1]).toEqual(['a@b.c', { email: 'a@b.c' }])
		const [event, props] = client.track.mock.calls[0]!
		expect(event).toBe('page_view')
		expect(props).toMatchObject({
			previous_path: '/',
			current_path: '/workshop',
			geo: { country_code: 'DE' },
			friend: 'k1',
		})
		expect(Number.isInteger(props.created_at)).toBe(true)
	})

	test('created_at is in Unix seconds', () => {
		expect(eventProperties({}, { geo: null, friend: null }, 1_700_000_000_999).created_at).toBe(
			1_700_000_000,
		)
	})
})
