import { beforeEach, expect, test, vi } from 'vitest'

const client = { identify: vi.fn(), track: vi.fn() }
// The context the runtime gives the tracker for each event (geo data, friend).
let eventContext: () => { geo: unknown; friend: string | null } = () => ({
	geo: null,
	friend: null,
})
vi.mock('~/integrations/analytics/tracker', () => ({
	createTracker: (_key: string | null, context: typeof eventContext) => {
		eventContext = context
		return client
	},
}))
const lookUpGeo = vi.fn(async () => ({
	country_code: 'DE',
	country: 'Germany',
	city: null,
	timezone: null,
}))
vi.mock('./geo', () => ({ lookUpGeo }))

const { identify, start } = await import('./runtime')

const unconfigured = {
	CUSTOMERIO_WRITE_KEY: null,
	PARTNERO_PROGRAM_ID: null,
	GTM_ID: null,
	CLARITY_ID: null,
	PLAUSIBLE_DOMAIN: null,
}

beforeEach(() => {
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	client.identify.mockClear()
	client.track.mockClear()
	lookUpGeo.mockClear()
})

test('a visitor whose profile has an e-mail is identified by it when the runtime starts', () => {
	start(unconfigured, [], 'ada@example.com')
	expect(client.identify).toHaveBeenCalledWith('ada@example.com')
})

test('an anonymous visitor is not identified by e-mail', () => {
	start(unconfigured, [{ previous_path: null, current_path: '/' }], null)
	expect(client.identify).not.toHaveBeenCalled()
	expect(client.track).toHaveBeenCalledWith('page_view', { previous_path: null, current_path: '/' })
})

test('signing in later identifies the visitor', () => {
	start(unconfigured, [], null)
	identify('grace@example.com')
	expect(client.identify).toHaveBeenCalledWith('grace@example.com')
})

test('a checkout about to leave for the payment page is tracked, and can be awaited', async () => {
	const { recordCheckout } = await import('./runtime')
	const page = {} as { dataLayer?: unknown[] }
	vi.stubGlobal('window', page)
	start(unconfigured, [], null)
	await expect(
		recordCheckout({ code: 'ai-driven-dev-preorder', quantity: 2 }),
	).resolves.toBeUndefined()
	expect(client.track).toHaveBeenCalledWith('checkout_started', {
		code: 'ai-driven-dev-preorder',
		quantity: 2,
	})
	expect(page.dataLayer).toContainEqual({
		event: 'checkout_started',
		code: 'ai-driven-dev-preorder',
		quantity: 2,
	})
	vi.unstubAllGlobals()
})

test('with a write key, events carry the country the lookup found', async () => {
	vi.stubGlobal('document', {
		cookie: '',
		createElement: () => ({ setAttribute() {} }),
		head: { appendChild() {} },
		querySelector: () => null,
	})
	start({ ...unconfigured, CUSTOMERIO_WRITE_KEY: 'write-key', PARTNERO_PROGRAM_ID: null }, [], null)
	await vi.waitFor(() => expect(eventContext().geo).toMatchObject({ country_code: 'DE' }))
	expect(lookUpGeo).toHaveBeenCalledTimes(1)
	vi.unstubAllGlobals()
})

test('without a write key no event is sent, so the country is not looked up', async () => {
	start(unconfigured, [], null)
	await new Promise((resolve) => setTimeout(resolve, 10))
	expect(lookUpGeo).not.toHaveBeenCalled()
})
