/**
 * GET /api/catalog?region=R&type=T&code=C → { data: [items] } priced for region R (SPEC §7).
 * A missing, malformed or unknown region is GLOBAL (SPEC §9); a malformed filter is a 400.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getDb } from '~/db/client.server'
import {
	badRequest,
	CACHE,
	jsonWithCache,
	methodNotAllowed,
	orUnavailable,
} from '~/http/api.server'
import { getCatalog } from '~/models/course/catalog.server'

const filter = (name: string) =>
	z
		.string()
		.regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, `${name} must be lower-case letters, digits, - or _`)
		.optional()

const querySchema = z.object({
	region: z.string().optional(),
	type: filter('type'),
	code: filter('code'),
})

export async function loader({ request }: LoaderFunctionArgs) {
	const params = new URL(request.url).searchParams
	const query = querySchema.safeParse({
		region: params.get('region') ?? undefined,
		type: params.get('type') ?? undefined,
		code: params.get('code') ?? undefined,
	})
	if (!query.success) return badRequest(query.error.issues[0]?.message ?? 'Invalid query')
	const { region, ...filters } = query.data
	return orUnavailable('GET /api/catalog', async () => {
		const catalog = await getCatalog(await getDb(), region, filters)
		return jsonWithCache({ data: catalog.items, region: catalog.region }, CACHE.catalog)
	})
}

export const action = methodNotAllowed
