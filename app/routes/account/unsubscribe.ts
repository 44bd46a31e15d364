/**
 * /unsubscribe?token=…: the URL of every list e-mail's `List-Unsubscribe` header (RFC 8058,
 * docs/decisions/109). A mail client's POST with the body `List-Unsubscribe=One-Click` (form
 * encoded or multipart, no cookies, any Origin or none) unsubscribes the address the token names;
 * server.ts lets that one POST past the Origin check and the rate limit only here and only with a
 * token we signed. A GET, which link scanners and people make, never unsubscribes: it shows the
 * preferences page and its button. The link in news unsubscribes from news only; the one in an
 * event's e-mails stops that event's reminders only (docs/decisions/149).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { getDb } from '~/db/client.server'
import { PREFERENCES_PATH, unsubscribe } from '~/models/preferences/preferences.server'
import { preferencesLinkOwner, stopReminders } from '~/models/preferences/reminder-stops.server'
import { readForm } from '~/utils/responses'

const answer = (status: number, text: string) =>
	new Response(text, {
		status,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
	})

export function loader({ request }: LoaderFunctionArgs) {
	return redirect(`${PREFERENCES_PATH}${new URL(request.url).search}`, 303)
}

export async function action({ request }: ActionFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token')
	const owner = preferencesLinkOwner(token)
	if (!owner) return answer(400, 'This unsubscribe link is not valid.')
	const form = await readForm(request)
	if (form.get('List-Unsubscribe') !== 'One-Click')
		return answer(400, 'A one-click unsubscribe posts List-Unsubscribe=One-Click (RFC 8058).')
	if (owner.eventId) {
		await stopReminders(await getDb(), owner.email, owner.eventId)
		return answer(
			200,
			'Stopped: this address gets no more reminders of this event. Our other e-mails are unchanged.',
		)
	}
	await unsubscribe(await getDb(), owner.email)
	return answer(
		200,
		'Unsubscribed from news: this address gets no more messages or news from us. Reminders of what you signed up for still come.',
	)
}
