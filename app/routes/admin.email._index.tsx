/**
 * /admin/email: the outbox (docs/decisions/060) with each message's delivery state, newest
 * first, paged by key, and a mark on one that may have arrived twice (docs/decisions/101); a message opens its preview, where one that was not delivered can be
 * sent again. The operator tools' outbox viewer, for the owner (docs/decisions/084).
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import {
	AdminHeading,
	adminMeta,
	FilterForm,
	FilterInput,
	FilterSelect,
	formatTime,
	Pager,
	tableClasses,
} from '~/components/admin/ui'
import { getDb } from '~/db/client.server'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { DELIVERY_LABELS, outcomeUnknownNote, UNDELIVERED_STATES } from '~/models/admin/delivery'
import { listEmails } from '~/models/admin/email.server'
import { filterQuery } from '~/models/admin/filters.server'
import { t } from '~/utils/i18n'

export const meta = adminMeta('E-mail')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const params = new URL(request.url).searchParams
	// Free text and a yes/no: nothing here can be malformed, only long (cut to an address's length).
	const to = params.get('to')?.trim().slice(0, 254) || undefined
	const state = UNDELIVERED_STATES.find((known) => known === params.get('state'))
	const page = await listEmails(await getDb(), { to, state }, params.get('after'))
	return json(
		{
			filters: { to, state },
			emails: page.rows,
			next: page.next,
			query: filterQuery({ to, state }),
		},
		{ headers: ADMIN_HEADERS },
	)
}

export const action = ownerOnlyAction

export default function AdminEmail() {
	const { filters, emails, next, query } = useLoaderData<typeof loader>()
	return (
		<>
			<AdminHeading title="E-mail" />
			<FilterForm label="Filter e-mail">
				<FilterInput
					name="to"
					label="To starts with"
					value={filters.to}
					error={undefined}
					type="search"
				/>
				<FilterSelect
					name="state"
					label="State"
					value={filters.state}
					error={undefined}
					options={UNDELIVERED_STATES.map((value) => ({ value, label: DELIVERY_LABELS[value] }))}
				/>
			</FilterForm>
			{emails.length === 0 ? (
				<p className="mt-6">{t('noMatchingData')}</p>
			) : (
				<table className={`mt-6 ${tableClasses}`}>
					<thead>
						<tr>
							<th scope="col">Created</th>
							<th scope="col">To</th>
							<th scope="col">Subject</th>
							<th scope="col">State</th>
						</tr>
					</thead>
					<tbody>
						{emails.map((email) => (
							<tr key={email.id}>
								<td>{formatTime(email.createdAt)}</td>
								<td>{email.to}</td>
								<td>
									<Link to={`/admin/email/${email.id}`} className="underline">
										{email.subject}
									</Link>
								</td>
								<td>
									{DELIVERY_LABELS[email.state]}
									{email.attempts > 1 ? ` (${email.attempts} attempts)` : ''}
									{email.outcomeUnknown ? (
										<strong className="block text-xs">{outcomeUnknownNote(email.state)}</strong>
									) : null}
									{email.error ? <span className="block text-xs">{email.error}</span> : null}
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
			<Pager query={query} next={next} />
		</>
	)
}
