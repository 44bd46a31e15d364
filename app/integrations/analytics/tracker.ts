/**
 * The customer-data service (customer.io, through its maintained analytics-next compatible
 * browser package), SPEC §7: on start it identifies with an empty payload; it identifies by
 * e-mail when known; every event carries created_at (Unix seconds), geo data and the friend.
 * Without a write key it does nothing but warn, once. The package is loaded on demand, so pages
 * without a key never download it. Loading is retried with SPEC §9's backoff (500 ms, ×2), and
 * the library gets the same numbers: its retry queue backs off from 500 ms by 2, and its callback
 * timeout is 300 ms (retry.ts).
 */
import { ANALYTICS_TIMING, settleWithin, withRetries } from './retry'
import { UNSET_WARNINGS } from './warnings'

export const CUSTOMERIO_WARNING = UNSET_WARNINGS.customerData

export type Geo = Record<string, unknown> | null

type Client = {
	identify: (...args: unknown[]) => unknown
	track: (event: string, properties?: Record<string, unknown>) => unknown
}

export type Tracker = {
	identify(email: string, traits?: Record<string, unknown>): void
	/** Resolves once the library took the event, or after 300 ms: safe to await before leaving. */
	track(event: string, properties?: Record<string, unknown>): Promise<void>
}

export function eventProperties(
	properties: Record<string, unknown>,
	context: { geo: Geo; friend: string | null },
	now = Date.now(),
) {
	return {
		...properties,
		created_at: Math.floor(now / 1000),
		geo: context.geo,
		friend: context.friend,
	}
}

/** A tracker for `writeKey`; a no-op that warns once when there is none. */
export function createTracker(
	writeKey: string | null,
	context: () => { geo: Geo; friend: string | null },
	load: (writeKey: string) => Promise<Client> = loadCustomerIo,
): Tracker {
	if (!writeKey) {
		console.warn(CUSTOMERIO_WARNING)
		return { identify() {}, track: async () => {} }
	}
	const client = withRetries(() => load(writeKey)).then(
		(loaded) => {
			loaded.identify({})
			return loaded
		},
		(error) => {
			console.warn(
				`Customer-data service failed to load after ${ANALYTICS_TIMING.attempts} attempts:`,
				(error as Error)?.message ?? error,
			)
			return null
		},
	)
	return {
		identify(email, traits = {}) {
			void client.then((c) => c?.identify(email, { email, ...traits }))
		},
		track(event, properties = {}) {
			const props = eventProperties(properties, context())
			return settleWithin(client.then((c) => c?.track(event, props)))
		},
	}
}

async function loadCustomerIo(writeKey: string): Promise<Client> {
	const { AnalyticsBrowser } = await import('@customerio/cdp-analytics-browser')
	// `load` resolves once the library and its settings are in; a failure there is retried.
	const [analytics] = await AnalyticsBrowser.load(
		{ writeKey, timeout: ANALYTICS_TIMING.callbackTimeoutMs },
		{ retryQueue: true },
	)
	return analytics as unknown as Client
}
