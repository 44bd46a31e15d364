import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False on the server and while React hydrates the server's HTML, true from the render after:
 * what a component shows before then must work without JavaScript (a link or a plain form).
 */
export function useHydrated(): boolean {
	return useSyncExternalStore(
		noSubscription,
		() => true,
		() => false,
	)
}
