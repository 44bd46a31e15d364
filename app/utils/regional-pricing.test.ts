import { describe, expect, test, vi } from 'vitest'
import { UNKNOWN_COUNTRY } from '~/domain/country'
import { createApiClient } from './api-client'
import {
	CATALOG_LOAD_ERROR,
	createRegionalPricing,
	fetchCountry,
	regionFor,
} from './regional-pricing'

const india = { level: 4, details: { region: 'TIER4', countryCode: 'IN', country: 'India' } }

function item(region: string, price: number) {
	return {
		code: 'ai-driven-dev-preorder',
		type: 'course',
		name: 'AI Driven Dev: pre-order seat',
		description: '',
		price,
		currency: 'USD',
		region,
		discountPercent: 0,
	}
}

/** An API client over a fake server: the catalog answers per region, or fails. */
function fakeApi({ failCatalog = false, failCountry = false } = {}) {
	const fetch = vi.fn(async (input: string | URL | Request) => {
		const url = new URL(String(input), 'http://site.test')
		if (url.pathname === '/api/country') {
			if (failCountry) return new Response('down', { status: 503 })
			return Response.json(india)
		}
		if (failCatalog) return new Response('down', { status: 500 })
		const region = url.searchParams.get('region') ?? 'GLOBAL'
		return Response.json({ data: [item(region, region === 'TIER4' ? 100 : 249)] })
	})
	return { fetch, api: createApiClient({ fetch, log: () => {} }) }
}

describe('regional pricing', () => {
	test('active uses the visitor region, inactive uses GLOBAL', () => {
		expect(regionFor(true, india)).toBe('TIER4')
		expect(regionFor(false, india)).toBe('GLOBAL')
		expect(regionFor(true, UNKNOWN_COUNTRY)).toBe('GLOBAL')
	})

	test('switching reloads the catalog with the same query and the new region', async () => {
		const { api, fetch } = fakeApi()
		const store = createRegionalPricing({
			api,
			initial: { active: true, country: india, items: [item('TIER4', 100)], error: null },
			query: { code: 'ai-driven-dev-preorder' },
		})
		await store.setActive(false)
		expect(String(fetch.mock.calls[0]![0])).toBe(
			'/api/catalog?code=ai-driven-dev-preorder&region=GLOBAL',
		)
		expect(store.getState()).toMatchObject({ active: false, region: 'GLOBAL', loading: false })
		expect(store.getState().items[0]?.price).toBe(249)
		await store.setActive(true)
		expect(store.getState()).toMatchObject({ region: 'TIER4' })
		expect(store.getState().items[0]?.price).toBe(100)
	})

	test('a failed load stores the message and empties the list', async () => {
		const { api } = fakeApi({ failCatalog: true })
		const store = createRegionalPricing({
			api,
			initial: { active: true, country: india, items: [item('TIER4', 100)], error: null },
		})
		await store.setActive(false)
		expect(store.getState()).toMatchObject({ items: [], error: CATALOG_LOAD_ERROR })
	})

	test('clearing the global-price choice goes back to the regional price, without asking the country again', async () => {
		const { api, fetch } = fakeApi()
		const store = createRegionalPricing({
			api,
			initial: { active: false, country: india, items: [item('GLOBAL', 249)], error: null },
		})
		await store.clear()
		expect(store.getState()).toMatchObject({ active: true, region: 'TIER4' })
		expect(store.getState().items[0]?.price).toBe(100)
		expect(fetch.mock.calls.map(([url]) => new URL(String(url), 'http://s.test').pathname)).toEqual(
			['/api/catalog'],
		)
	})

	test('clearing on a page that did not know the country looks it up first', async () => {
		const { api, fetch } = fakeApi()
		const store = createRegionalPricing({
			api,
			initial: { active: false, country: UNKNOWN_COUNTRY, items: [], error: null },
		})
		await store.clear()
		expect(store.getState()).toMatchObject({ active: true, region: 'TIER4' })
		expect(fetch.mock.calls.map(([url]) => new URL(String(url), 'http://s.test').pathname)).toEqual(
			['/api/country', '/api/catalog'],
		)
	})

	test('the country comes from /api/country; a failed lookup is level 0, GLOBAL', async () => {
		expect(await fetchCountry(fakeApi().api)).toEqual(india)
		expect(await fetchCountry(fakeApi({ failCountry: true }).api)).toEqual(UNKNOWN_COUNTRY)
		const store = createRegionalPricing({
			api: fakeApi().api,
			initial: { active: true, country: UNKNOWN_COUNTRY, items: [], error: null },
		})
		await store.lookUpCountry()
		expect(store.getState()).toMatchObject({ region: 'TIER4' })
	})

	test('listeners hear every change', async () => {
		const store = createRegionalPricing({
			api: fakeApi().api,
			initial: { active: true, country: india, items: [], error: null },
		})
		const listener = vi.fn()
		store.subscribe(listener)
		await store.setActive(false)
		expect(listener).toHaveBeenCalled()
	})
})
