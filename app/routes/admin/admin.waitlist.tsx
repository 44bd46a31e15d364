/**
 * /admin/waitlist (docs/decisions/120): everyone on the waiting lists, the people waiting first
 * in their order (their position per product), then offers and removals, newest first. The
 * owner offers one person their seats now (when they are free) or removes someone (an open
 * offer then ends and passes on). Actions are POSTs behind the Origin check (decision 080),
 * each written to the audit log with the change.
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { Time } from '~/components/admin/time'
import { AdminHeading, adminMeta, listTableClasses } from '~/components/admin/ui'
import { SubmitButton } from '~/components/button'
import { FormErrors } from '~/components/field'
import { getDb } from '~/db/client.server'
import { unitsOf } from '~/domain/words'
import { parseForm } from '~/forms/parse.server'
import { ADMIN_HEADERS, requireOwner } from '~/http/owner.server'
import { redirectWithToast } from '~/http/toast.server'
import { offerByHand } from '~/models/waitlist/offers.server'
import { listWaitlist, removeFromWaitlist, waitlistEntryOf } from '~/models/waitlist/owner.server'
import { t } from '~/utils/i18n'
import { readForm } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Waiting list')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const entries = await listWaitlist(await getDb())
	return data(
		{
			entries: entries.map((entry) => ({
				...entry,
				joinedAt: entry.joinedAt.toISOString(),
				offerEndsAt: entry.offerEndsAt?.toISOString() ?? null,
			})),
		},
		{ headers: ADMIN_HEADERS },
	)
}

/**
 * What the owner's action did, naming the person and the product's unit (decision 158): two
 * messages on the page at once (a toast of an earlier offer, a refusal of this one) each say whom
 * they are about, and no pass is called a seat.
 */
function actionWords(
	outcome: 'offered' | 'removed' | 'not-waiting' | 'no-seats' | 'not-removed',
	entry: { email: string; quantity: number; itemType: string } | null,
): string {
	const who = entry?.email ?? 'that person'
	// "Not enough seats", whatever the count: the plural form of the product's unit.
	const units = unitsOf(entry?.itemType ?? 'course').other
	switch (outcome) {
		case 'offered':
			return `Offer sent to ${who}`
		case 'removed':
			return `Removed ${who} from the waiting list`
		case 'no-seats':
			return `Not enough ${units} are free for ${who} now`
		case 'not-waiting':
			return `${who} is no longer waiting (offered or removed meanwhile)`
		case 'not-removed':
			return `${who} is not waiting and has no open offer`
	}
}

export async function action({ request, context }: ActionFunctionArgs) {
	const owner = await requireOwner(request, context)
	const submission = parseForm('adminWaitlistAction', await readForm(request))
	if (submission.status !== 'success')
		return data(submission.reply(), { status: 400, headers: ADMIN_HEADERS })
	const db = await getDb()
	const { intent, entryId } = submission.value
	const entry = await waitlistEntryOf(db, entryId)
	const outcome =
		intent === 'offer'
			? await offerByHand(db, entryId, owner.name)
			: (await removeFromWaitlist(db, entryId, owner.name)).removed
				? 'removed'
				: 'not-removed'
	const words = actionWords(outcome, entry)
	if (outcome !== 'offered' && outcome !== 'removed')
		return data(submission.reply({ formErrors: [words] }), {
			status: 409,
			headers: ADMIN_HEADERS,
		})
	return redirectWithToast('/admin/waitlist', { title: words, type: 'success' }, context, {
		status: 303,
		headers: ADMIN_HEADERS,
	})
}

const STATUS_LABELS = {
	unconfirmed: 'address not confirmed yet',
	waiting: 'waiting',
	'offer-open': 'offer open',
	bought: 'bought',
	'offer-ended': 'offer ended, passed on',
	removed: 'removed',
} as const

function EntryAction({
	entryId,
	intent,
	label,
}: {
	entryId: number
	intent: 'offer' | 'remove'
	label: string
}) {
	return (
		<Form method="post" className="inline">
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="entryId" value={entryId} />
			<SubmitButton className="text-sm">{label}</SubmitButton>
		</Form>
	)
}

export default function AdminWaitlist() {
	const { entries } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const errors = lastResult?.error
	const refusal = errors?.[''] ?? errors?.entryId ?? errors?.intent ?? undefined
	return (
		<>
			<AdminHeading title="Waiting list" />
			<FormErrors id="waitlist-action-error" errors={refusal} prominent />
			{entries.length === 0 ? (
				<p className="mt-6">{t('noData')}</p>
			) : (
				<table className={`mt-6 ${listTableClasses}`}>
					<thead>
						<tr>
							<th scope="col">Position</th>
							<th scope="col">Product</th>
							<th scope="col">E-mail</th>
							<th scope="col">Quantity</th>
							<th scope="col">Joined</th>
							<th scope="col">Status</th>
							<th scope="col">Offer ends</th>
							<th scope="col">
								<span className="sr-only">Actions</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{entries.map((entry) => (
							<tr key={entry.id}>
								<td>{entry.position ?? '—'}</td>
								<td>{entry.itemName}</td>
								<td className="[overflow-wrap:anywhere]">{entry.email}</td>
								<td>{entry.quantity}</td>
								<td>
									<Time value={entry.joinedAt} />
								</td>
								<td>
									{STATUS_LABELS[entry.status]}
									{entry.offerOrderId ? (
										<>
											{' '}
											(<Link to={`/admin/orders/${entry.offerOrderId}`}>order</Link>)
										</>
									) : null}
								</td>
								<td>{entry.status === 'offer-open' ? <Time value={entry.offerEndsAt} /> : '—'}</td>
								<td className="space-x-2 whitespace-nowrap">
									{entry.status === 'waiting' ? (
										<EntryAction entryId={entry.id} intent="offer" label="Offer now" />
									) : null}
									{entry.status === 'waiting' || entry.status === 'offer-open' ? (
										<EntryAction entryId={entry.id} intent="remove" label="Remove" />
									) : null}
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
		</>
	)
}
