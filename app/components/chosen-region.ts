import { useSyncExternalStore } from 'react'

/**
 * The pricing region the page currently shows for an item, shared between the price display
 * (which can switch regional pricing on and off in the browser) and the buy form, so that the
 * form always buys at the price on the screen. Until the display says otherwise, the form uses
 * the region the server rendered.
 */
const chosen = new Map<string, string>()
const listeners = new Set<() => void>()

export function chooseRegion(code: string, region: string) {
	if (chosen.get(code) === region) return
	chosen.set(code, region)
	for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
	listeners.add(listener)
	return () => listeners.delete(listener)
}

export function useChosenRegion(code: string, rendered: string): string {
	return useSyncExternalStore(
		subscribe,
		() => chosen.get(code) ?? rendered,
		() => rendered,
	)
}
