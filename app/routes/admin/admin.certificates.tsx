/**
 * /admin/certificates (issue 38 item 3, docs/decisions/172): who attended each event with
 * joining links (their link opened during it, or the owner's word) and their certificate of
 * attendance. The owner issues one to someone signed up who attended without the link (they
 * joined by phone), with the name it prints, and withdraws one; its verification page then
 * refuses it. Plain POST forms, JavaScript or not; every step audit-logged. Bad input is answered
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
import { MESSAGES } from '~/forms/messages'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { ADMIN_HEADERS, requireOwner } from '~/http/owner.server'
import { redirectWithToast } from '~/http/toast.server'
import {
	attendanceByEvent,
	issueCertificateByOwner,
	withdrawCertificate,
} from '~/models/certificates/owner.server'
import { siteOrigin } from '~/site-origin.server'
import { readForm } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Attendance and certificates')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const events = await attendanceByEvent(await getDb())
	return data(
		{
			events: events.map((event) => ({
				...event,
				attendees: event.attendees.map((row) => ({
					...row,
					recordedAt: row.recordedAt.toISOString(),
				})),
			})),
		},
		{ headers: ADMIN_HEADERS },
	)
}

const REFUSALS: Record<'unknown' | 'not-registered' | 'issued', Record<string, string[]>> = {
	unknown: { eventId: [MESSAGES.certificateEvent] },
	'not-registered': { email: [MESSAGES.certificateNotRegistered] },
	issued: { email: [MESSAGES.certificateIssued] },
}

export async function action({ request, context }: ActionFunctionArgs) {
	const owner = await requireOwner(request, context)
	const form = await readForm(request)
	const toList = (title: string) =>
		redirectWithToast('/admin/certificates', { title, type: 'success' }, context, {
			status: 303,
			headers: ADMIN_HEADERS,
		})
	if (form.get('intent') === 'withdraw') {
		const submission = parseForm('adminCertificateWithdraw', form)
		const withdrawn =
			submission.status === 'success' &&
			(await withdrawCertificate(await getDb(), { id: submission.value.id, actor: owner.name }))
		if (!withdrawn)
			return data(
				{ withdrawError: MESSAGES.certificateUnknown, issue: null },
				{ status: 409, headers: ADMIN_HEADERS },
			)
		return toList('Certificate withdrawn')
	}
	const submission = parseForm('adminCertificateIssue', form)
	if (submission.status !== 'success')
		return data(
			{ issue: submission.reply(), withdrawError: null },
			{ status: 400, headers: ADMIN_HEADERS },
		)
	const outcome = await issueCertificateByOwner(await getDb(), {
		...submission.value,
		actor: owner.name,
		origin: siteOrigin(),
	})
	if (!outcome.ok)
		return data(
			{ issue: submission.reply({ fieldErrors: REFUSALS[outcome.reason] }), withdrawError: null },
			{ status: outcome.reason === 'issued' ? 409 : 400, headers: ADMIN_HEADERS },
		)
	return toList('Certificate issued and e-mailed')
}

type Attendee = ReturnType<
	typeof useLoaderData<typeof loader>
>['events'][number]['attendees'][number]

function CertificateCell({ attendee }: { attendee: Attendee }) {
	const { certificate } = attendee
	if (!certificate) return <>none yet</>
	if (certificate.withdrawn) return <>{certificate.name}: withdrawn</>
	return (
		<Form method="post" className="flex flex-wrap items-center gap-2">
			<span>{certificate.name}: valid</span>
			<input type="hidden" name="intent" value="withdraw" />
			<input type="hidden" name="id" value={certificate.id} />
			<SubmitButton>Withdraw {certificate.name}’s certificate</SubmitButton>
		</Form>
	)
}

export default function AdminCertificates() {
	const { events } = useLoaderData<typeof loader>()
	const answer = useActionData<typeof action>()
	const [form, fields] = useValidatedForm('adminCertificateIssue', {
		id: 'certificate-issue',
		lastResult: answer?.issue,
		defaultValue: { intent: 'issue', eventId: '', email: '', name: '' },
	})
	return (
		<>
			<AdminHeading title="Attendance and certificates" />
			<p className="max-w-2xl text-sm">
				Someone attends an event when they open their joining link from half an hour before its
				start to its end. Once the event has ended, each attendee we know the name of gets a
				certificate of attendance by e-mail, once. Issue one here to someone signed up who joined
				another way (by phone), or to an attendee whose name we do not know.
			</p>
			{answer?.withdrawError ? (
				<p role="alert" className="mt-4 font-semibold text-red-700 dark:text-red-300">
					{answer.withdrawError}
				</p>
			) : null}
			{events.map((event) => (
				<section key={event.eventId} className="mt-8">
					<h2 className="text-lg font-semibold">{event.eventId}</h2>
					<p className="text-sm">
						{event.when} · {event.state} · {event.attendees.length} attended
					</p>
					{event.attendees.length > 0 ? (
						<table className={`mt-3 ${listTableClasses}`}>
							<thead>
								<tr>
									<th scope="col">Address</th>
									<th scope="col">Attended</th>
									<th scope="col">Certificate</th>
								</tr>
							</thead>
							<tbody>
								{event.attendees.map((attendee) => (
									<tr key={attendee.email}>
										<td data-label="Address" className="[overflow-wrap:anywhere]">
											{attendee.email}
										</td>
										<td data-label="Attended">
											{attendee.source === 'link' ? 'joining link' : 'the owner’s word'},{' '}
											<Time value={attendee.recordedAt} />
										</td>
										<td data-label="Certificate">
											<CertificateCell attendee={attendee} />
										</td>
									</tr>
								))}
							</tbody>
						</table>
					) : null}
				</section>
			))}
			<h2 className="mt-10 text-lg font-semibold">Issue a certificate</h2>
			<Form method="post" {...getFormProps(form)} className="mt-3 max-w-xl space-y-4">
				<input type="hidden" name="intent" value="issue" />
				<RadioGroupField
					meta={fields.eventId}
					legend="Event"
					options={events.map((event) => ({
						value: event.eventId,
						label: `${event.title}: ${event.when}`,
					}))}
					stacked
				/>
				<Field meta={fields.email} type="email" label="Their e-mail address" />
				<Field meta={fields.name} label="Name on the certificate" />
				<FormErrors id={form.errorId} errors={form.errors} prominent />
				<SubmitButton>Issue and e-mail the certificate</SubmitButton>
			</Form>
		</>
	)
}
