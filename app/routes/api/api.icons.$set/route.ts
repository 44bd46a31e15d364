/**
 * GET /api/icons/{set}.json?icons=a,b → the site's own icons in the Iconify JSON format
 * (`{ prefix, width, height, icons: { name: { body } }, not_found }`): the local icon endpoint
 * of SPEC §7, asked first by the browser's icon loader (app/components/icon-loader.ts,
 * docs/decisions/091). Another set is 404, so the loader moves on to the public service; a
 * missing or malformed icon list is 400.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { ICON_REQUESTS } from '~/components/icon-loader'
import { isIconName } from '~/components/icons'
import { methodNotAllowed } from '~/http/api.server'
import { iconBody } from './icon-sprite.server'

/** The site's own set, as content names it: `site:calendar`. */
const SITE_SET = 'site'
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export function loader({ params, request }: LoaderFunctionArgs) {
	const error = (status: number, message: string) =>
		Response.json({ error: message }, { status, headers: { 'Cache-Control': 'no-store' } })
	const set = /^(.+)\.json$/.exec(params.set ?? '')?.[1]
	if (set !== SITE_SET) return error(404, `Unknown icon set: ${params.set}`)
	const url = new URL(request.url)
	// The loader never asks with more; anything longer is no request of ours.
	if (url.pathname.length + url.search.length > ICON_REQUESTS.maxUrlLength)
		return error(414, `Icon requests are at most ${ICON_REQUESTS.maxUrlLength} characters`)
	const names = (url.searchParams.get('icons') ?? '').split(',').filter(Boolean)
	if (names.length === 0) return error(400, 'Name the icons: ?icons=name1,name2')
	const malformed = names.find((name) => !NAME.test(name))
	if (malformed !== undefined)
		return error(
			400,
			`Icon names are lower-case letters, digits and dashes: ${malformed.slice(0, 40)}`,
		)
	const icons: Record<string, { body: string }> = {}
	const notFound: string[] = []
	for (const name of new Set(names)) {
		if (isIconName(name)) icons[name] = { body: iconBody(name) }
		else notFound.push(name)
	}
	return Response.json(
		{
			prefix: SITE_SET,
			width: 24,
			height: 24,
			icons,
			...(notFound.length ? { not_found: notFound } : {}),
		},
		{ headers: { 'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400' } },
	)
}

export const action = methodNotAllowed
