/**
 * Where a visitor is, asking each source in turn (SPEC §7, docs/decisions/012): a country header set by a
 * trusted CDN, then the geolocation service, then the offline IP database. Private, reserved
 * or unknown addresses and every failure end as null: the caller falls back to GLOBAL.
 */
import { getConfig } from '~/config.server'
import type { Locale } from '~/domain/locale'
import { log } from '~/log.server'
import { publicIp } from './ip.server'
import { lookupOffline } from './offline.server'
import { createGeoService, type GeoService } from './service.server'
import { type GeoLocation, parseCountryCode } from './types'

/** A country as a page shows it: its code and its name. */
export type ShownCountry = { code: string; name: string }

export type GeoQuery = {
	/** The visitor's address (context.clientIp). */
	ip: string
	/** The value of GEO_COUNTRY_HEADER, when that header is configured and present. */
	headerCountry?: string | null
	/**
	 * What a page shows for the country instead of its code and name: the page cache's
	 * placeholders, stamped with each visitor's own country (docs/decisions/160). The location
	 * still decides the region and its prices.
	 */
	shownAs?: ShownCountry
	/** The language the page names the country in; English when absent. */
	locale?: Locale
}

export type GeoLocator = { locate(query: GeoQuery): Promise<GeoLocation | null> }

export function createGeoLocator({
	service,
	offline = lookupOffline,
}: {
	service?: GeoService
	offline?: (ip: string) => GeoLocation | null
}): GeoLocator {
	return {
		async locate({ ip, headerCountry }) {
			const fromHeader = parseCountryCode(headerCountry)
			if (fromHeader) return { countryCode: fromHeader, source: 'header' }
			const address = publicIp(ip)
			if (!address) return null
			const fromService = service ? await service.lookup(address) : null
			if (fromService) return fromService
			try {
				return offline(address)
			} catch (error) {
				log.warn(`Geolocation lookup failed: ${(error as Error).message}`)
				return null
			}
		},
	}
}

let locator: GeoLocator | undefined

/** The locator for this process, built from GEO_SERVICE_URL and GEO_SERVICE_TIMEOUT_MS. */
export function getGeoLocator(): GeoLocator {
	if (!locator) {
		const { GEO_SERVICE_URL, GEO_SERVICE_TIMEOUT_MS } = getConfig()
		locator = createGeoLocator({
			service: GEO_SERVICE_URL
				? createGeoService({ url: GEO_SERVICE_URL, timeoutMs: GEO_SERVICE_TIMEOUT_MS })
				: undefined,
		})
	}
	return locator
}
