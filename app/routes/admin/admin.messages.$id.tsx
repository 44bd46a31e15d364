/**
 * /admin/messages/:id: one send (docs/decisions/119): what was sent to whom, and how far it has
 * got: queued, sent, kept in the outbox, failed, skipped because unsubscribed. With JavaScript
 * the numbers refresh while anything is queued; without, the page's Refresh link does it.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import { SendProgressList } from '~/components/admin/send-progress'
import { Time } from '~/components/admin/time'
import { AdminHeading, adminMeta } from '~/components/admin/ui'
import { getDb } from '~/db/client.server'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { getSend } from '~/models/messages/owner-sends.server'
import { requireFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Message')
export const headers = () => ADMIN_HEADERS
export const action = ownerOnlyAction

const sendId = (value: string | undefined) =>
	value && /^\d{1,15}$/.test(value) ? Number(value) : null

/** How often the page refreshes its numbers while the send is under way, with JavaScript. */
const REFRESH_MS = 3_000

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const pathname = new URL(request.url).pathname
	const id = requireFound(sendId(params.id), pathname)
	const send = requireFound(await getSend(await getDb(), id), pathname)
	return data({ send }, { headers: ADMIN_HEADERS })
}

export default function AdminMessage() {
	const { send } = useLoaderData<typeof loader>()
	const revalidator = useRevalidator()
	const underWay = send.progress.queued > 0
	useEffect(() => {
		if (!underWay) return
		const timer = setInterval(() => {
			if (revalidator.state === 'idle') revalidator.revalidate()
		}, REFRESH_MS)
		return () => clearInterval(timer)
	}, [underWay, revalidator])
	return (
		<>
			<AdminHeading
				title={send.kind === 'course_access' ? 'Course access (the course opened)' : send.subject}
			>
				<Link to="/admin/messages" className="text-sm underline">
					All messages
				</Link>
			</AdminHeading>
			<dl className="mb-6 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm [&_dd]:break-words">
				<dt className="font-medium">To</dt>
				<dd>{send.audience}</dd>
				<dt className="font-medium">Started</dt>
				<dd>
					<Time value={send.createdAt} /> by {send.createdBy}
				</dd>
			</dl>
			<h2 className="mb-2 font-semibold">Progress</h2>
			<SendProgressList progress={send.progress} />
			<p className="mt-3 text-sm">
				{underWay
					? 'Sending at the configured pace (EMAIL_SEND_PER_MINUTE); it goes on after a restart. '
					: 'Done. '}
				<Link to="." className="underline" reloadDocument>
					Refresh
				</Link>
			</p>
			{send.body ? (
				<>
					<h2 className="mt-8 mb-2 font-semibold">Message (Markdown)</h2>
					<pre className="whitespace-pre-wrap break-words rounded border border-slate-200 p-4 font-sans text-sm dark:border-slate-800">
						{send.body}
					</pre>
				</>
			) : null}
		</>
	)
}
