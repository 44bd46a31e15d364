/**
 * /admin/follow-ups (issue 36, item 13b; docs/decisions/157, 159): the workshop promises the
 * recording and the code of the live build by e-mail, the day event's pass its recordings. Each session, latest first, with its follow-up's
 * state: not ended yet, waiting for a link, or its link and how many have it. The owner sets a
 * session's link here (a plain POST form, JavaScript or not; audit-logged); the follow-up goes
 * to the session's people once the link is set and the session has ended. A bad link is answered
 * beside its field, and nothing is written.
 */

import { getFormProps } from '@conform-to/react'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { Time } from '~/components/admin/time'
import { AdminHeading, adminMeta, listTableClasses } from '~/components/admin/ui'
import { SubmitButton } from '~/components/button'
import { Field, FormErrors, RadioGroupField } from '~/components/field'
import { getDb } from '~/db/client.server'
import { countOf, PERSON } from '~/domain/words'
import { MESSAGES } from '~/forms/messages'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { ADMIN_HEADERS, requireOwner } from '~/http/owner.server'
import { redirectWithToast } from '~/http/toast.server'
import { followUpStates, setFollowUpLink } from '~/models/events/follow-ups.server'
import { readForm } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Follow-ups')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const sessions = await followUpStates(await getDb())
	return data(
		{
			sessions: sessions.map((session) => ({
				...session,
				setAt: session.setAt?.toISOString() ?? null,
			})),
		},
		{ headers: ADMIN_HEADERS },
	)
}

const REFUSALS = {
	unknown: MESSAGES.followUpSession,
	cancelled: MESSAGES.followUpCancelled,
	sent: MESSAGES.followUpSent,
} as const

export async function action({ request, context }: ActionFunctionArgs) {
	const owner = await requireOwner(request, context)
	const submission = parseForm('adminFollowUp', await readForm(request))
	if (submission.status !== 'success')
		return data(submission.reply(), { status: 400, headers: ADMIN_HEADERS })
	const outcome = await setFollowUpLink(await getDb(), {
		...submission.value,
		actor: owner.name,
	})
	if (!outcome.ok)
		return data(submission.reply({ fieldErrors: { eventId: [REFUSALS[outcome.reason]] } }), {
			status: outcome.reason === 'sent' ? 409 : 400,
			headers: ADMIN_HEADERS,
		})
	return redirectWithToast(
		'/admin/follow-ups',
		{ title: 'Follow-up link saved', type: 'success' },
		context,
		{ status: 303, headers: ADMIN_HEADERS },
	)
}

type Session = ReturnType<typeof useLoaderData<typeof loader>>['sessions'][number]

function StateCell({ session }: { session: Session }) {
	if (session.state === 'not-ended') return <>not ended yet</>
	if (session.state === 'waiting') return <strong>follow-up waiting for a link</strong>
	return (
		<>
			<a href={session.link ?? ''} className="[overflow-wrap:anywhere] underline">
				{session.link}
			</a>
			<br />
			{session.sent > 0
				? `sent to ${countOf(session.sent, PERSON)}`
				: `goes out once the ${session.kind === 'day' ? 'day' : 'session'} has ended`}
			{session.setAt ? (
				<>
					{' '}
					· set <Time value={session.setAt} />
				</>
			) : null}
		</>
	)
}

export default function AdminFollowUps() {
	const { sessions } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const [form, fields] = useValidatedForm('adminFollowUp', {
		id: 'follow-up',
		lastResult,
		defaultValue: { eventId: '', link: '' },
	})
	// A session whose follow-up went out keeps its link: it is not offered again.
	const choices = sessions
		.filter((session) => session.sent === 0)
		.map((session) => ({
			value: session.eventId,
			label: `${session.kind === 'day' ? 'The day event: ' : ''}${session.when}${session.state === 'waiting' ? ' (waiting for a link)' : ''}`,
		}))
	return (
		<>
			<AdminHeading title="Follow-ups" />
			<p className="max-w-2xl text-sm">
				The workshop promises its people the recording and the code of the live build by e-mail; the
				day event’s pass promises its recordings afterwards. Set a session’s or the day’s link: once
				it is set and the event has ended, each person signed up for the session, or with a pass to
				the day (a holder, or the buyer of a pass not claimed yet; not a free registrant), gets the
				follow-up once (not someone who stopped that event’s e-mails).
			</p>
			{/* Cards on a phone (decision 153). */}
			<table className={`mt-6 ${listTableClasses}`}>
				<thead>
					<tr>
						<th scope="col">Event</th>
						<th scope="col">When</th>
						<th scope="col">Follow-up</th>
					</tr>
				</thead>
				<tbody>
					{sessions.map((session) => (
						<tr key={session.eventId}>
							<td data-label="Event">{session.eventId}</td>
							<td data-label="When">{session.when}</td>
							<td data-label="Follow-up">
								<StateCell session={session} />
							</td>
						</tr>
					))}
				</tbody>
			</table>
			<h2 className="mt-10 text-lg font-semibold">Set a link</h2>
			{choices.length === 0 ? (
				<p className="mt-2">Every follow-up has gone out.</p>
			) : (
				<Form method="post" {...getFormProps(form)} className="mt-3 max-w-xl space-y-4">
					<RadioGroupField meta={fields.eventId} legend="Event" options={choices} stacked />
					<Field
						meta={fields.link}
						type="url"
						label="Recording link"
						hint="A session’s recording and code, or the day’s recordings: e.g. a video page or a repository."
					/>
					<FormErrors id={form.errorId} errors={form.errors} prominent />
					<SubmitButton>Save the link</SubmitButton>
				</Form>
			)}
		</>
	)
}
