import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { EmailPreview } from '~/components/email-preview'
import { PageHeading } from '~/components/layouts'
import { getDb } from '~/db/client.server'
import { summarizeAttachments } from '~/domain/email-attachment'
import { countOf } from '~/domain/words'
import { canUseOperatorTools } from '~/http/operator-tools.server'
import { listOutbox } from '~/integrations/email/index.server'
import { notFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

/**
 * /__outbox: the latest messages the site sent or would have sent (docs/decisions/060), so a
 * fresh clone can follow every e-mail flow (the day-event confirmation link, receipts) without
 * a mail server. The messages hold visitors' addresses and links, so it is an operator tool:
 * development on a fresh clone, from the machine itself, else a 404 (docs/decisions/068).
 */
export const meta: MetaFunction = () => [
	{ title: 'Outbox' },
	{ name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	if (!canUseOperatorTools(context)) {
		if (context.owner) throw redirect('/admin/email')
		throw notFound(url.pathname)
	}
	const to = url.searchParams.get('to') ?? undefined
	const messages = await listOutbox(await getDb(), to, 50)
	return data(
		{
			to: to ?? null,
			messages: messages.map((message) => ({
				id: message.id,
				to: message.toAddress,
				subject: message.subject,
				text: message.textBody,
				html: message.htmlBody,
				attachments: summarizeAttachments(message.attachments),
				transport: message.transport,
				delivery: deliveryState(message),
				attempts: message.attempts,
				lastError: message.lastError,
				createdAt: message.createdAt.toISOString(),
			})),
		},
		{ headers: { 'Cache-Control': 'no-store' } },
	)
}

/**
 * Where an SMTP message stands (docs/decisions/076): sent, being retried after a failure,
 * failed for good, or queued and not yet tried.
 */
function deliveryState(message: {
	sentAt: Date | null
	failedAt: Date | null
	lastError: string | null
}) {
	if (message.sentAt) return 'sent over SMTP'
	if (message.failedAt) return 'SMTP delivery failed'
	if (message.lastError) return 'SMTP delivery retrying'
	return 'SMTP delivery queued'
}

export default function Outbox() {
	const { to, messages } = useLoaderData<typeof loader>()
	return (
		<main className="mx-auto max-w-3xl px-4 py-10">
			<PageHeading
				title="Outbox"
				lead={`The latest e-mails${to ? ` to ${to}` : ''}. Shown in development on this machine only.`}
			/>
			{messages.length === 0 ? <p>No messages yet.</p> : null}
			<ol className="space-y-6">
				{messages.map((message) => (
					<li
						key={message.id}
						className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
					>
						<article aria-label={message.subject}>
							<h2 className="font-semibold">{message.subject}</h2>
							<p className="text-sm text-slate-600 dark:text-slate-400">
								To {message.to} · {message.createdAt} ·{' '}
								{message.transport === 'smtp' ? message.delivery : 'outbox only'}
								{message.transport === 'smtp' && message.attempts > 0
									? ` · ${countOf(message.attempts, { one: 'attempt', other: 'attempts' })}`
									: null}
							</p>
							{message.lastError && message.delivery !== 'sent over SMTP' ? (
								<p className="text-sm text-red-700 dark:text-red-400">
									Last error: {message.lastError}
								</p>
							) : null}
							<EmailPreview
								text={message.text}
								html={message.html}
								attachments={message.attachments}
							/>
						</article>
					</li>
				))}
			</ol>
		</main>
	)
}
