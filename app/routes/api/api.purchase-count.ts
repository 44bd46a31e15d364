/** GET /api/purchase-count → { data: { count } }: seats actually paid for (SPEC §7). */
import { getDb } from '~/db/client.server'
import { CACHE, jsonWithCache, methodNotAllowed, orUnavailable } from '~/http/api.server'
import { getPurchaseCount } from '~/models/course/course.server'

export function loader() {
	return orUnavailable('GET /api/purchase-count', async () =>
		jsonWithCache({ data: { count: await getPurchaseCount(await getDb()) } }, CACHE.counters),
	)
}

export const action = methodNotAllowed
