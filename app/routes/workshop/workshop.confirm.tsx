/**
 * /workshop/confirm?token=… (docs/decisions/131): the link of a workshop confirmation. Opening it
 * proves the address: the place counts for good (taken now if it no longer counted and one is
 * left) and its joining link works. Opening it again changes nothing; a tampered or expired link
 * stores nothing and says what to do.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { PageHeading } from '~/components/layouts'
import { NextSteps, readOn } from '~/components/next-steps'
import { getConfig } from '~/config.server'
import { workshopTitle } from '~/content/site-content.server'
import { getDb } from '~/db/client.server'
import { signedUpCookie } from '~/http/cookies.server'
import { presentEvent } from '~/models/events/calendar.server'
import { findSession } from '~/models/events/sessions.server'
import { confirmWorkshopSignup } from '~/models/events/workshop-signup.server'
import { verifyToken } from '~/models/links/signed-token.server'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: 'Confirm your place', noindex: true })

const noStore = { 'Cache-Control': 'private, no-store' }
export const headers = () => noStore

const MESSAGES = {
	invalid:
		'This confirmation link is not valid. Please use the link from the e-mail as it is, or sign up again.',
	expired: 'This confirmation link has expired. Please sign up again on the workshop page.',
	unknown: 'We could not find this sign-up. Please sign up again.',
	full: 'The session filled up before you confirmed, so no place is left in it. Please choose another session on the workshop page.',
} as const

export async function loader({ request, context }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token')
	const verified = verifyToken(token, 'confirm', getConfig().SESSION_SECRET)
	if (!verified.ok || verified.claims.list !== 'workshop')
		return data(
			{ ok: false as const, message: MESSAGES[verified.ok ? 'invalid' : verified.reason] },
			{ status: 400, headers: noStore },
		)
	const outcome = await confirmWorkshopSignup(await getDb(), verified.claims.email)
	if (outcome.status !== 'confirmed')
		return data(
			{ ok: false as const, message: MESSAGES[outcome.status] },
			{ status: outcome.status === 'full' ? 409 : 404, headers: noStore },
		)
	const session = findSession(outcome.session)
	return data(
		{
			ok: true as const,
			title: workshopTitle(),
			session: session ? presentEvent(session, context.origin) : null,
		},
		{ headers: { ...noStore, 'Set-Cookie': signedUpCookie('workshop', context) } },
	)
}

export default function ConfirmWorkshopPlace() {
	const data = useLoaderData<typeof loader>()
	return (
		<>
			{data.ok ? (
				<>
					<PageHeading
						title="Your place is confirmed"
						lead={
							data.session
								? `See you at ${data.title} on ${data.session.when} (${data.session.zoneName}).`
								: `See you at ${data.title}.`
						}
					/>
					<NextSteps
						steps={[
							{
								when: 'The day before your session, and an hour before it starts',
								what: 'We e-mail you a reminder with your joining link.',
							},
						]}
						events={data.session ? [data.session] : []}
						links={readOn}
					/>
				</>
			) : (
				<PageHeading title="This link did not work" lead={data.message} />
			)}
			<Link to="/workshop" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
				The workshop page
			</Link>
		</>
	)
}
