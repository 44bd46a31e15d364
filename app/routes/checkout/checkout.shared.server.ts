/**
 * What the routes that start a checkout (POST /checkout, POST /upgrade/{key}, a waiting-list
 * offer's POST) share.
 */
import { redirect } from '@remix-run/node'
import type { Locale } from '~/domain/locale'
import { redirectWithinSite } from '~/http/redirect'
import { checkoutHandoverKey } from '~/models/checkout/index.server'
import { localePath } from '~/utils/i18n'

/**
 * The answer to a started checkout: in the payment provider's queue (`next` null, decision 161)
 * its waiting page in `locale`, which leads on to the payment page — a 303 for a form,
 * `{ link, status: "queued" }` for JSON; else the page `next` (the provider's payment page, or
 * our bank transfer page), as a 303 or `{ link }`.
 */
export function startedCheckoutAnswer(
	{ id, next, locale, origin }: { id: string; next: string | null; locale: Locale; origin: string },
	{ json, headers }: { json: boolean; headers: [string, string][] },
): Response {
	if (next === null) {
		const queue = localePath(`/checkout/${id}/queue`, locale)
		return json
			? Response.json({ link: `${origin}${queue}`, status: 'queued' }, { headers })
			: redirectWithinSite(queue, '/', { status: 303, headers })
	}
	return json
		? Response.json({ link: next }, { headers })
		: redirect(next, { status: 303, headers })
}

/**
 * The answer to a checkout started outside `/checkout` (an upgrade link, a waiting-list offer),
 * whose request could not read the browser's `checkouts` cookie (its path is `/checkout`):
 * its queue page in `locale` with a handover key, where the order joins the list the browser
 * already has and goes on to its payment page (docs/decisions/182). A 303 for a form, `{ link }`
 * (and `status: "queued"` while it waits for the provider) for JSON.
 */
export function handedOverCheckoutAnswer(
	{ id, queued, locale, origin }: { id: string; queued: boolean; locale: Locale; origin: string },
	{ json, headers }: { json: boolean; headers: [string, string][] },
): Response {
	const queue = localePath(
		`/checkout/${id}/queue?key=${encodeURIComponent(checkoutHandoverKey(id))}`,
		locale,
	)
	if (!json) return redirectWithinSite(queue, '/', { status: 303, headers })
	return Response.json(
		{ link: `${origin}${queue}`, ...(queued ? { status: 'queued' } : {}) },
		{ headers },
	)
}
