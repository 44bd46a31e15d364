/**
 * The customer-data service (customer.io, through its maintained analytics-next compatible
 * browser package), SPEC §7: on start it identifies with an empty payload; it identifies by
 * e-mail when known; every event carries created_at (Unix seconds), geo data and the friend.
 * Without a write key it does nothing but warn, once. The package is loaded on demand, so pages
 * without a key never download it.
 */
export const CUSTOMERIO_WARNING =
	'Customer-data write key not set (CUSTOMERIO_WRITE_KEY): analytics events are not sent'

export type Geo = Record<string, unknown> | null

type Client = {
	identify: (...args: unknown[]) => unknown
	track: (event: string, properties?: Record<string, unknown>) => unknown
}

export type Tracker = {
	identify(email: string, traits?: Record<string, unknown>): void
	track(event: string, properties?: Record<string, unknown>): void
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
		return { identify() {}, track() {} }
	}
	const client = load(writeKey).then(
		(loaded) => {
			loaded.identify({})
			return loaded
		},
		(error) => {
			console.warn('Customer-data service failed to load:', (error as Error)?.message ?? error)
			return null
		},
	)
	return {
		identify(email, traits = {}) {
			void client.then((c) => c?.identify(email, { email, ...traits }))
		},
		track(event, properties = {}) {
			const props = eventProperties(properties, context())
			void client.then((c) => c?.track(event, props))
		},
	}
}

async function loadCustomerIo(writeKey: string): Promise<Client> {
	const { AnalyticsBrowser } = await import('@customerio/cdp-analytics-browser')
	return AnalyticsBrowser.load({ writeKey }) as unknown as Client
}
