import { type ActionFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { MESSAGES, TOKEN_MESSAGES } from '~/forms/messages'
import { getAttribution } from '~/http/attribution.server'
import { signedUpCookie } from '~/http/cookies.server'
import { checkHoneypot } from '~/http/honeypot.server'
import { redirectWithinSite } from '~/http/redirect'
import { WorkshopSessionError } from '~/models/events/sessions.server'
import { signUp } from '~/models/leads/leads.server'
import { destinationOf, mayUseFormToken, sessionMessage } from '~/models/leads/signups.server'
import { verifyToken } from '~/models/links/signed-token.server'
import { t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { readForm } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

/**
 * The target of one-click sign-up forms (`?signup=TOKEN` links, docs/decisions/062). A valid
 * token signs the address up (confirmed: the link came to that inbox) and lands on the list's
 * page; a tampered or expired one stores nothing and says why.
 */
export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Sign-up link' })

export async function loader() {
	return redirect('/')
}

export async function action({ request, context }: ActionFunctionArgs) {
	const formData = await readForm(request)
	const formToken = checkHoneypot(formData)
	const token = formData.get('token')
	const result = verifyToken(
		typeof token === 'string' ? token : null,
		'signup',
		getConfig().SESSION_SECRET,
	)
	if (!result.ok) throw new Response(TOKEN_MESSAGES[result.reason], { status: 400 })
	const { email, list } = result.claims
	const db = await getDb()
	// The page's form is good for one submission (decision 137): one link's address.
	if (!(await mayUseFormToken(db, formToken, `one-click:${list}`, email)))
		throw new Response(MESSAGES.formAlreadySent, { status: 400 })
	let lead: Awaited<ReturnType<typeof signUp>>
	try {
		// A workshop link signs up for the address's session, else the nearest with room.
		lead = await signUp(db, {
			email,
			list,
			confirmed: true,
			attribution: getAttribution(request, context.origin),
			origin: context.origin,
		})
	} catch (error) {
		if (error instanceof WorkshopSessionError)
			throw new Response(sessionMessage(error.problem), { status: 409 })
		throw error
	}
	const headers = new Headers()
	if (list === 'workshop' || list === 'day_event')
		headers.append('Set-Cookie', signedUpCookie(list, context))
	return redirectWithinSite(destinationOf(list, lead.workshopSession), '/', { headers })
}

export default function OneClick() {
	return null
}

export function ErrorBoundary() {
	const error = useRouteError()
	const message = isRouteErrorResponse(error) ? String(error.data) : TOKEN_MESSAGES.invalid
	return (
		<LeadLayout>
			<PageHeading title="This sign-up link did not work" lead={message} />
			<Link to="/" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
				{t('backToHome')}
			</Link>
		</LeadLayout>
	)
}
