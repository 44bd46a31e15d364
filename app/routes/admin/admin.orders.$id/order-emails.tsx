/** The e-mails about an order on its owner page, each with what became of it (docs/decisions/135). */
import { Link } from '@remix-run/react'
import { Time } from '~/components/admin/time'
import { type DeliveryState, ORDER_EMAIL_LABELS, outcomeUnknownNote } from '~/domain/delivery'

type OrderEmail = {
	id: string | number
	to: string
	subject: string
	createdAt: string
	state: DeliveryState
	outcomeUnknown: boolean
}

export function OrderEmails({ emails }: { emails: readonly OrderEmail[] }) {
	return (
		<section aria-labelledby="order-emails" className="mt-8">
			<h2 id="order-emails" className="mb-2 font-semibold">
				E-mails about this order
			</h2>
			{emails.length === 0 ? (
				<p className="text-sm">None.</p>
			) : (
				<ul className="space-y-1 text-sm">
					{emails.map((email) => (
						<li key={email.id}>
							<Link to={`/admin/email/${email.id}`} className="underline">
								{email.subject}
							</Link>{' '}
							· {email.to} · <Time value={email.createdAt} /> · {ORDER_EMAIL_LABELS[email.state]}
							{email.outcomeUnknown ? ` · ${outcomeUnknownNote(email.state)}` : null}
						</li>
					))}
				</ul>
			)}
		</section>
	)
}
