/**
 * /admin/email/:id: one message as it was sent (the preview: text with its links clickable, the
 * HTML version in a sandboxed frame that runs nothing, the attachments; EmailPreview), its
 * delivery state, and Retry for one whose delivery failed.
 */

import { getFormProps } from '@conform-to/react'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { Time } from '~/components/admin/time'
import { AdminHeading, adminMeta } from '~/components/admin/ui'
import { SubmitButton } from '~/components/button'
import { EmailPreview } from '~/components/email-preview'
import { FormErrors } from '~/components/field'
import { getDb } from '~/db/client.server'
import { DELIVERY_LABELS, outcomeUnknownNote } from '~/domain/delivery'
import { countOf } from '~/domain/words'
import { MESSAGES } from '~/forms/messages'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { ADMIN_HEADERS, requireOwner } from '~/http/owner.server'
import { redirectWithToast } from '~/http/toast.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { getEmail, retryEmailAsOwner } from '~/models/messages/outbox.server'
import { readForm, requireFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('E-mail')
export const headers = () => ADMIN_HEADERS

const outboxId = (value: string | undefined) =>
	value && /^\d{1,15}$/.test(value) ? Number(value) : null

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const owner = await requireOwner(request, context)
	const pathname = new URL(request.url).pathname
	const id = requireFound(outboxId(params.id), pathname)
	const db = await getDb()
	const email = requireFound(await getEmail(db, id), pathname)
	// A message's body holds live signed links: each reading is logged with its source (decision 136).
	await recordOwnerAction(db, { actor: owner.name, action: 'read-email', target: `email:${id}` })
	return data({ email }, { headers: ADMIN_HEADERS })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
	const owner = await requireOwner(request, context)
	const id = requireFound(outboxId(params.id), new URL(request.url).pathname)
	const submission = parseForm('adminEmailRetry', await readForm(request))
	if (submission.status !== 'success')
		return data(submission.reply(), { status: 400, headers: ADMIN_HEADERS })
	if (!(await retryEmailAsOwner(await getDb(), owner, id)))
		return data(submission.reply({ formErrors: [MESSAGES.adminEmailNotFailed] }), {
			status: 409,
			headers: ADMIN_HEADERS,
		})
	return redirectWithToast(
		`/admin/email/${id}`,
		{ title: 'The message is queued for delivery again.', type: 'success' },
		context,
		{ status: 303, headers: ADMIN_HEADERS },
	)
}

export default function AdminEmailMessage() {
	const { email } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const [form] = useValidatedForm('adminEmailRetry', { id: 'retry-email', lastResult })
	return (
		<>
			<AdminHeading title={email.subject}>
				<Link to="/admin/email" className="text-sm underline">
					All e-mail
				</Link>
			</AdminHeading>
			<dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm [&_dd]:break-words sm:gap-x-6">
				<dt className="font-medium">To</dt>
				<dd>{email.to}</dd>
				<dt className="font-medium">From</dt>
				<dd>{email.from}</dd>
				<dt className="font-medium">Created</dt>
				<dd>
					<Time value={email.createdAt} />
				</dd>
				<dt className="font-medium">State</dt>
				<dd>
					{DELIVERY_LABELS[email.state]}
					{email.sentAt ? (
						<>
							{' at '}
							<Time value={email.sentAt} />
						</>
					) : null}
					{email.attempts > 0
						? `, after ${countOf(email.attempts, { one: 'attempt', other: 'attempts' })}`
						: ''}
				</dd>
				{email.outcomeUnknown ? (
					<>
						<dt className="font-medium">Caution</dt>
						<dd>
							{outcomeUnknownNote(email.state)} Message-ID: <code>{email.messageId}</code>
						</dd>
					</>
				) : null}
				{email.error ? (
					<>
						<dt className="font-medium">Error</dt>
						<dd>{email.error}</dd>
					</>
				) : null}
			</dl>
			{email.canRetry ? (
				<Form method="post" {...getFormProps(form)} className="mt-4">
					<input type="hidden" name="intent" value="retry" />
					<FormErrors id={form.errorId} errors={form.errors} prominent />
					<SubmitButton>Retry</SubmitButton>
				</Form>
			) : null}
			<h2 className="mt-8 mb-2 font-semibold">As sent</h2>
			<EmailPreview text={email.text} html={email.html} attachments={email.attachments} />
		</>
	)
}
