/**
 * POST /api/waitlist (docs/decisions/120): joining a waiting list with JSON, `{ code, quantity,
 * region, email }`. 200 `{ joined: true }`, or a 4xx `{ error: { field: [message] } }`; the
 * form's own page is /waitlist.
 */
import type { ActionFunctionArgs } from '@remix-run/node'
import { submitWaitlistJoin } from './waitlist.shared.server'

const noStore = { 'Cache-Control': 'no-store' }

export async function loader() {
	return Response.json(
		{ error: 'Use POST' },
		{ status: 405, headers: { ...noStore, Allow: 'POST' } },
	)
}

export async function action({ request, context }: ActionFunctionArgs) {
	const body: unknown = await request.json().catch(() => null)
	if (typeof body !== 'object' || body === null || Array.isArray(body))
		return Response.json(
			{ error: { '': ['The body must be a JSON object'] } },
			{ status: 400, headers: noStore },
		)
	const data = new FormData()
	for (const [key, value] of Object.entries(body))
		if (typeof value === 'string' || typeof value === 'number') data.set(key, String(value))
	const outcome = await submitWaitlistJoin(request, context, data)
	if ('joined' in outcome) return Response.json({ joined: true }, { headers: noStore })
	return Response.json(
		{ error: outcome.reply.error ?? {} },
		{ status: outcome.status, headers: noStore },
	)
}
