/**
 * /waitlist/confirm/:token (docs/decisions/130): the link a joining's e-mail carries. Opening it
 * confirms the address and gives the entry its place in the queue; opening it again changes
 * nothing. The token is signed (signed-token.server.ts, purpose `waitlist-confirm`) and expires
 * with the unconfirmed entry: an expired link says to join again; one we did not sign is a 404.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps } from '~/components/next-steps'
import { getDb } from '~/db/client.server'
import { confirmWaitlistEntry } from '~/models/waitlist/entries.server'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: 'Your place on the waiting list', noindex: true })

const noStore = { 'Cache-Control': 'private, no-store' }
export const headers = () => noStore

export async function loader({ params }: LoaderFunctionArgs) {
	const result = await confirmWaitlistEntry(await getDb(), params.token)
	if (result === 'invalid') throw new Response('Not found', { status: 404, headers: noStore })
	return data({ result }, { status: result === 'expired' ? 410 : 200, headers: noStore })
}

export default function Page() {
	const { result } = useLoaderData<typeof loader>()
	if (result === 'expired')
		return (
			<LeadLayout>
				<PageHeading
					title="This link has ended"
					lead="A place is kept only for an address confirmed within a day. Join the waiting list again and we send you a new link."
				/>
			</LeadLayout>
		)
	return (
		<LeadLayout>
			<PageHeading
				title="You're on the waiting list"
				lead={
					result === 'already'
						? 'Your address was confirmed already: your place is kept.'
						: 'Your address is confirmed: your place in the queue counts from now.'
				}
			/>
			<NextSteps
				steps={[
					{
						when: 'When seats come back',
						what: 'They are offered in the order places were confirmed, to the first person they fit: we e-mail you a link that holds them for you.',
					},
					{
						when: 'Then',
						what: 'Open the link and pay, or do nothing: the offer then passes to the next person.',
					},
				]}
				links={[{ to: '/', label: 'Back to the course', text: 'What the course covers.' }]}
			/>
		</LeadLayout>
	)
}
