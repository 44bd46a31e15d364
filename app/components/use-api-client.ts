import { useMemo } from 'react'
import { createApiClient } from '~/utils/api-client'
import { useRootData } from './use-root-data'

/** The API client for components, on API_BASE_URL from the runtime config (same origin by default). */
export function useApiClient() {
	const baseUrl = useRootData()?.config.API_BASE_URL ?? null
	return useMemo(() => createApiClient({ baseUrl }), [baseUrl])
}
