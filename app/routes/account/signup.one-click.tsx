import {
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
} from '@remix-run/node'
import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { MESSAGES, messageIn, TOKEN_MESSAGES } from '~/forms/messages'
import { getAttribution } from '~/http/attribution.server'
import { signedUpCookie } from '~/http/cookies.server'
import { checkHoneypot } from '~/http/honeypot.server'
import { redirectWithinSite } from '~/http/redirect'
import { WorkshopSessionError } from '~/models/events/sessions.server'
import { signUp } from '~/models/leads/leads.server'
import { destinationOf, mayUseFormToken, sessionMessage } from '~/models/leads/signups.server'
import { verifyToken } from '~/models/links/signed-token.server'
import { localeOfPath, localePath, t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { readForm } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

/**
 * The target of one-click sign-up forms (`?signup=TOKEN` links, docs/decisions/062). A valid
 * token signs the address up (confirmed: the link came to that inbox) and lands on the list's
 * page; a tampered or expired one stores nothing and says why. Under /de (decision 178) the
 * sign-up is German (its e-mails), and so are the next page and the refusal.
 */
const TITLE = { 'en-US': 'Sign-up link', 'de-DE': 'Anmeldelink' } as const
const FAILED = {
	'en-US': 'This sign-up link did not work',
	'de-DE': 'Dieser Anmeldelink hat nicht funktioniert',
} as const

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: TITLE[localeOfPath(args.location.pathname)] })

export async function loader({ request }: LoaderFunctionArgs) {
	return redirect(localePath('/', localeOfPath(new URL(request.url).pathname)))
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
	const locale = localeOfPath(new URL(request.url).pathname)
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
			locale,
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
	return redirectWithinSite(localePath(destinationOf(list, lead.workshopSession), locale), '/', {
		headers,
	})
}

export default function OneClick() {
	return null
}

export function ErrorBoundary() {
	const error = useRouteError()
	const locale = useLocale()
	const message = isRouteErrorResponse(error) ? String(error.data) : TOKEN_MESSAGES.invalid
	return (
		<LeadLayout>
			<PageHeading title={FAILED[locale]} lead={messageIn(message, locale)} />
			<Link
				to={localePath('/', locale)}
				className="font-semibold text-indigo-700 underline dark:text-indigo-300"
			>
				{t('backToHome', locale)}
			</Link>
		</LeadLayout>
	)
}
