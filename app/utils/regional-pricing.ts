/**
 * The client side of regional pricing (SPEC §4, §8): a switch that is active or not; active
 * uses the visitor's region from the country lookup, inactive uses GLOBAL; every change reloads
 * the catalog through the API client with the same query; the visitor's choice can be cleared
 * (back to the automatic, regional price). A failed catalog
 * load stores 'Failed to fetch catalog data' and empties the list; a failed country lookup
 * falls back to level 0 and GLOBAL. Framework-free, so it is unit tested without a browser.
 */

import { type CountryInfo, UNKNOWN_COUNTRY } from '~/domain/country'
import type { CatalogItem } from '~/domain/pricing'
import { GLOBAL_REGION } from '~/domain/pricing'
import type { ApiClient } from './api-client'

export const CATALOG_LOAD_ERROR = 'Failed to fetch catalog data'

export type CountrySummary = Pick<CountryInfo, 'level'> & {
	details: Pick<CountryInfo['details'], 'region'> & Partial<CountryInfo['details']>
}

export type CatalogQuery = Record<string, string | undefined>

export type RegionalPricingState = {
	active: boolean
	country: CountrySummary
	region: string
	items: CatalogItem[]
	error: string | null
	loading: boolean
}

export function regionFor(active: boolean, country: CountrySummary): string {
	return active ? country.details.region || GLOBAL_REGION : GLOBAL_REGION
}

export async function fetchCountry(api: ApiClient): Promise<CountrySummary> {
	try {
		const info = await api.get<CountrySummary>('/api/country')
		return typeof info?.level === 'number' && typeof info.details?.region === 'string'
			? info
			: UNKNOWN_COUNTRY
	} catch {
		return UNKNOWN_COUNTRY
	}
}

async function fetchCatalog(
	api: ApiClient,
	region: string,
	query: CatalogQuery = {},
): Promise<{ items: CatalogItem[]; error: string | null }> {
	try {
		const { data } = await api.get<{ data: CatalogItem[] }>('/api/catalog', {
			query: { ...query, region },
		})
		if (!Array.isArray(data)) throw new Error('Malformed catalog')
		return { items: data, error: null }
	} catch {
		return { items: [], error: CATALOG_LOAD_ERROR }
	}
}

/** A small store: the state, its listeners, and the transitions that reload the catalog. */
export function createRegionalPricing({
	api,
	initial,
	query = {},
}: {
	api: ApiClient
	initial: Omit<RegionalPricingState, 'region' | 'loading'>
	query?: CatalogQuery
}) {
	let state: RegionalPricingState = {
		...initial,
		region: regionFor(initial.active, initial.country),
		loading: false,
	}
	const listeners = new Set<() => void>()
	let latest = 0

	function update(patch: Partial<RegionalPricingState>) {
		state = { ...state, ...patch }
		for (const listener of listeners) listener()
	}

	async function reload() {
		const ticket = ++latest
		const region = regionFor(state.active, state.country)
		update({ region, loading: true })
		const result = await fetchCatalog(api, region, query)
		// A later switch wins over an earlier, slower load.
		if (ticket === latest) update({ ...result, loading: false })
	}

	async function lookUpCountry() {
		update({ country: await fetchCountry(api) })
		if (state.active) await reload()
	}

	return {
		getState: () => state,
		subscribe(listener: () => void) {
			listeners.add(listener)
			return () => listeners.delete(listener)
		},
		async setActive(active: boolean) {
			if (active === state.active) return
			update({ active })
			await reload()
		},
		/** Asks /api/country; on failure the visitor is level 0, GLOBAL. Reloads when active. */
		lookUpCountry,
		/**
		 * Forgets the visitor's choice (SPEC §4: regional pricing can be cleared): back to the
		 * automatic price, regional pricing active for the visitor's country, which a page that
		 * did not know it asks /api/country for first (docs/decisions/093).
		 */
		async clear() {
			update({ active: true })
			if (state.country.details.countryCode) await reload()
			else await lookUpCountry()
		},
	}
}
