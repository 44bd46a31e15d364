import { afterEach, describe, expect, test, vi } from 'vitest'
import { CUSTOMERIO_WARNING, createTracker, eventProperties } from './tracker'

afterEach(() => {
	vi.useRealTimers()
	vi.restoreAllMocks()
})
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

	test('a library that fails to load is tried again after 500 and 1000 ms (SPEC §9)', async () => {
		vi.useFakeTimers()
		const client = { identify: vi.fn(), track: vi.fn() }
		const load = vi
			.fn()
			.mockRejectedValueOnce(new Error('offline'))
			.mockRejectedValueOnce(new Error('offline'))
			.mockResolvedValue(client)
		const tracker = createTracker('key', context, load)
		void tracker.track('page_view', {})
		await vi.advanceTimersByTimeAsync(499)
		expect(load).toHaveBeenCalledTimes(1)
		await vi.advanceTimersByTimeAsync(1)
		expect(load).toHaveBeenCalledTimes(2)
		await vi.advanceTimersByTimeAsync(1000)
		expect(load).toHaveBeenCalledTimes(3)
		expect(client.track).toHaveBeenCalledWith('page_view', expect.any(Object))
	})

	test('after the last attempt it warns and drops events', async () => {
		vi.useFakeTimers()
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
		const load = vi.fn().mockRejectedValue(new Error('offline'))
		const tracker = createTracker('key', context, load)
		await vi.advanceTimersByTimeAsync(500 + 1000 + 2000)
		expect(load).toHaveBeenCalledTimes(4)
		expect(warn).toHaveBeenCalledWith(
			'Customer-data service failed to load after 4 attempts:',
			'offline',
		)
		await expect(tracker.track('page_view', {})).resolves.toBeUndefined()
	})

	test('waiting for an event to be taken lasts 300 ms at most', async () => {
		vi.useFakeTimers()
		const client = { identify: vi.fn(), track: vi.fn(() => new Promise(() => {})) }
		const tracker = createTracker('key', context, async () => client)
		let done = false
		void tracker.track('checkout_started', {}).then(() => {
			done = true
		})
		await vi.advanceTimersByTimeAsync(299)
		expect(done).toBe(false)
		await vi.advanceTimersByTimeAsync(1)
		expect(done).toBe(true)
	})

	test('created_at is in Unix seconds', () => {
		expect(eventProperties({}, { geo: null, friend: null }, 1_700_000_000_999).created_at).toBe(
			1_700_000_000,
		)
	})
})
