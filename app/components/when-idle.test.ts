import { afterEach, describe, expect, test, vi } from 'vitest'
import { afterLoadWhenIdle } from './when-idle'

/** A loaded page whose idle callbacks and timers are numbered apart, from 1 each, as browsers do. */
function loadedPage() {
	const idle = new Map<number, () => void>()
	const timers = new Map<number, () => void>()
	const page = {
		requestIdleCallback: (run: () => void) => {
			idle.set(idle.size + 1, run)
			return idle.size
		},
		cancelIdleCallback: (id: number) => idle.delete(id),
		setTimeout: (run: () => void) => {
			timers.set(timers.size + 1, run)
			return timers.size
		},
		clearTimeout: (id: number) => timers.delete(id),
		addEventListener: () => {},
		removeEventListener: () => {},
	}
	vi.stubGlobal('window', page)
	vi.stubGlobal('document', { readyState: 'complete' })
	return { idle, timers, page }
}

afterEach(() => vi.unstubAllGlobals())

describe('afterLoadWhenIdle', () => {
	test("cancelling it cancels its idle callback and leaves the page's timer of the same number alone", () => {
		const { idle, timers, page } = loadedPage()
		const polling = page.setTimeout(() => {})
		const cancel = afterLoadWhenIdle(() => {})
		expect([...idle.keys()]).toEqual([polling])
		cancel()
		expect(idle.size).toBe(0)
		expect([...timers.keys()]).toEqual([polling])
	})

	test('without idle callbacks, a timer runs it, and cancelling clears that timer', () => {
		const { timers, page } = loadedPage()
		Reflect.deleteProperty(page, 'requestIdleCallback')
		const run = vi.fn()
		const cancel = afterLoadWhenIdle(run)
		expect(timers.size).toBe(1)
		cancel()
		expect(timers.size).toBe(0)
		expect(run).not.toHaveBeenCalled()
	})
})
