/** GET /api/course → { data: course } with its counters (SPEC §3, §7). */
import { getDb } from '~/db/client.server'
import { CACHE, jsonWithCache, methodNotAllowed, orUnavailable } from '~/http/api.server'
import { getCourse } from '~/models/course/course.server'

export function loader() {
	return orUnavailable('GET /api/course', async () =>
		jsonWithCache({ data: await getCourse(await getDb()) }, CACHE.counters),
	)
}

export const action = methodNotAllowed
