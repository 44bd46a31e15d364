/**
 * What the routes that start a checkout (POST /checkout, POST /upgrade/{key}) share.
 */
import { redirect } from '@remix-run/node'
import type { Locale } from '~/domain/locale'
import { redirectWithinSite } from '~/http/redirect'
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
