import { describe, expect, test, vi } from 'vitest'
import {
	CHUNK_LOAD_ERROR,
	chunkReloadScript,
	RELOAD_GUARD_KEY,
	reloadOnce,
} from './chunk-reload.server'

function fakeWindow(now: number, stored?: string) {
	const store = new Map<string, string>(stored ? [[RELOAD_GUARD_KEY, stored]] : [])
	return {
		sessionStorage: {
			getItem: (key: string) => store.get(key) ?? null,
			setItem: (key: string, value: string) => void store.set(key, value),
		},
		location: { reload: vi.fn() },
		Date: { now: () => now },
		store,
	}
}

describe('chunk reload guard (SPEC §4, §9)', () => {
	test('the first chunk error reloads and remembers when', () => {
		const win = fakeWindow(50_000)
		expect(reloadOnce(win, 10_000, RELOAD_GUARD_KEY)).toBe(true)
		expect(win.location.reload).toHaveBeenCalledOnce()
		expect(win.store.get(RELOAD_GUARD_KEY)).toBe('50000')
	})

	test('a second error within 10 seconds does not reload again', () => {
		const win = fakeWindow(59_999, '50000')
		expect(reloadOnce(win, 10_000, RELOAD_GUARD_KEY)).toBe(false)
		expect(win.location.reload).not.toHaveBeenCalled()
	})

	test('after 10 seconds it may reload again', () => {
		const win = fakeWindow(60_000, '50000')
		expect(reloadOnce(win, 10_000, RELOAD_GUARD_KEY)).toBe(true)
	})

	test('blocked storage never reloads, so it cannot loop', () => {
		const win = fakeWindow(1)
		win.sessionStorage.getItem = () => {
			throw new Error('SecurityError')
		}
		expect(reloadOnce(win, 10_000, RELOAD_GUARD_KEY)).toBe(false)
	})

	test('recognises the browsers’ chunk errors and nothing else', () => {
		expect(CHUNK_LOAD_ERROR.test('Failed to fetch dynamically imported module: /assets/x.js')).toBe(
			true,
		)
		expect(CHUNK_LOAD_ERROR.test('Importing a module script failed.')).toBe(true)
		expect(CHUNK_LOAD_ERROR.test('WebGL context lost')).toBe(false)
	})

	test('the inline script is valid JavaScript that uses the same guard', () => {
		expect(() => new Function(chunkReloadScript())).not.toThrow()
		expect(chunkReloadScript()).toContain(RELOAD_GUARD_KEY)
		expect(chunkReloadScript()).toContain(String(CHUNK_LOAD_ERROR))
	})
})
