import { afterEach, describe, expect, test, vi } from 'vitest'
import { dismissToast, TOAST_DURATION_MS, toast, toastStore } from './toast'

afterEach(() => {
	vi.useRealTimers()
	for (const existing of toastStore.getToasts()) dismissToast(existing.id, 0)
})

describe('toasts (SPEC §4, §9)', () => {
	test('a toast opens with the default duration of 5000 ms', () => {
		const id = toast({ title: 'Saved' })
		expect(toastStore.getToasts()).toContainEqual(
			expect.objectContaining({ id, title: 'Saved', open: true, duration: TOAST_DURATION_MS }),
		)
		expect(TOAST_DURATION_MS).toBe(5000)
	})

	test('closing marks it closed, then removes it', () => {
		vi.useFakeTimers()
		const id = toast({ title: 'Bye', type: 'success' })
		dismissToast(id)
		expect(toastStore.getToasts().find((item) => item.id === id)?.open).toBe(false)
		vi.advanceTimersByTime(250)
		expect(toastStore.getToasts().find((item) => item.id === id)).toBeUndefined()
	})

	test("closing a toast that is not there warns 'Overlay not found' (SPEC §8); closing twice does not", () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
		dismissToast('toast-that-never-was')
		expect(warn).toHaveBeenCalledWith('Overlay not found', 'toast-that-never-was')
		warn.mockClear()
		const id = toast({ title: 'Twice' })
		dismissToast(id)
		dismissToast(id)
		expect(warn).not.toHaveBeenCalled()
		warn.mockRestore()
	})

	test('the same id is shown once (a flash toast seen by both server and browser)', () => {
		toast({ id: 'flash-1', title: 'Once' })
		toast({ id: 'flash-1', title: 'Once' })
		expect(toastStore.getToasts().filter((item) => item.id === 'flash-1')).toHaveLength(1)
	})

	test('subscribers hear about every change', () => {
		const listener = vi.fn()
		const unsubscribe = toastStore.subscribe(listener)
		toast({ title: 'Ping' })
		unsubscribe()
		toast({ title: 'Pong' })
		expect(listener).toHaveBeenCalledOnce()
	})
})
