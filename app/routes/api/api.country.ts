/**
 * GET /api/country → { level, details: { region, ... } } for the visitor (SPEC §3, §7).
 * Never fails: an unknown visitor is level 0, region GLOBAL (SPEC §8).
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db/client.server'
import { CACHE, geoQuery, jsonWithCache, methodNotAllowed } from '~/http/api.server'
import { getCountryInfo } from '~/models/course/country.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
	return jsonWithCache(
		await getCountryInfo(await getDb(), geoQuery(request, context)),
		CACHE.perVisitor,
	)
}

export const action = methodNotAllowed
