/**
 * /admin/email: the outbox (docs/decisions/060) with each message's delivery state, newest
 * first, paged by key, and a mark on one that may have arrived twice (docs/decisions/101); a message opens its preview, where one that was not delivered can be
 * sent again. The operator tools' outbox viewer, for the owner (docs/decisions/084).
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Time } from '~/components/admin/time'
import {
	AdminHeading,
	adminMeta,
	FilterForm,
	FilterInput,
	FilterSelect,
	listTableClasses,
	Pager,
} from '~/components/admin/ui'
import { getDb } from '~/db/client.server'
import { DELIVERY_LABELS, outcomeUnknownNote, UNDELIVERED_STATES } from '~/domain/delivery'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { emailFiltersSchema, filterQuery, parseFilters } from '~/models/lists/filters.server'
import { listEmails } from '~/models/messages/outbox.server'
import { t } from '~/utils/i18n'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('E-mail')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const params = new URL(request.url).searchParams
	const filters = parseFilters(emailFiltersSchema, params)
	// A bad filter (a NUL, an unknown state) is a message next to its field, and no rows.
	const { to, state } = filters.ok ? filters.value : { to: undefined, state: undefined }
	const page = filters.ok
		? await listEmails(await getDb(), { to, state }, params.get('after'))
		: { rows: [], next: null }
	return data(
		{
			filters: filters.ok ? { to, state } : filters.value,
			errors: filters.ok ? {} : filters.errors,
			emails: page.rows,
			next: page.next,
			query: filterQuery({ to, state }),
		},
		{ status: filters.ok ? 200 : 400, headers: ADMIN_HEADERS },
	)
}

export const action = ownerOnlyAction

export default function AdminEmail() {
	const { filters, errors, emails, next, query } = useLoaderData<typeof loader>()
	return (
		<>
			<AdminHeading title="E-mail" />
			<FilterForm label="Filter e-mail">
				<FilterInput
					name="to"
					label="To starts with"
					value={filters.to}
					error={errors.to}
					type="search"
				/>
				<FilterSelect
					name="state"
					label="State"
					value={filters.state}
					error={errors.state}
					options={UNDELIVERED_STATES.map((value) => ({ value, label: DELIVERY_LABELS[value] }))}
				/>
			</FilterForm>
			{emails.length === 0 ? (
				<p className="mt-6">{t('noMatchingData')}</p>
			) : (
				<table className={`mt-6 ${listTableClasses}`}>
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
								<td data-label="Created">
									<Time value={email.createdAt} />
								</td>
								<td data-label="To" className="[overflow-wrap:anywhere]">
									{email.to}
								</td>
								<td data-label="Subject" className="[overflow-wrap:anywhere]">
									<Link to={`/admin/email/${email.id}`} className="underline">
										{email.subject}
									</Link>
								</td>
								<td data-label="State">
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
