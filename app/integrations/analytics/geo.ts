/**
 * Geo data for analytics events: the client-side country lookup (SPEC §7), the same answer
 * pricing uses, as SPEC §3's geolocation record. Its own chunk: the runtime loads it only when
 * events are sent (a customer-data write key), so a site without one never downloads the API
 * client for it. It never fails: unknown is no record.
 */
import { createApiClient } from '~/utils/api-client'
import { type GeoRecord, geoRecordOf } from '~/utils/geolocation'
import { fetchCountry } from '~/utils/regional-pricing'

export async function lookUpGeo(): Promise<GeoRecord | null> {
	const country = await fetchCountry(createApiClient())
	return geoRecordOf(country.details)
}
