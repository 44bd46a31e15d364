/**
 * /admin/leads: sign-ups per list (docs/decisions/062) with their confirmation state,
 * workshop session (decision 110) and attribution, newest first, paged by key; filters by list, confirmation, partner, dates and
 * e-mail prefix; the same query string exports them as CSV.
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Time } from '~/components/admin/time'
import {
	AdminHeading,
	adminMeta,
	ExportLink,
	FilterForm,
	FilterInput,
	FilterSelect,
	listTableClasses,
	Pager,
	SortHeader,
} from '~/components/admin/ui'
import { getDb } from '~/db/client.server'
import { LEAD_LISTS } from '~/forms/names'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { parseSort, sortQuery } from '~/models/admin/cursor.server'
import { filterQuery, leadFiltersSchema, parseFilters } from '~/models/admin/filters.server'
import { DEFAULT_LEAD_SORT, LEAD_SORTS, listLeads } from '~/models/admin/leads.server'
import { t } from '~/utils/i18n'

export const meta = adminMeta('Leads')
export const headers = () => ADMIN_HEADERS

/** First and last touch, as "source / medium / campaign". */
function describeAttribution(attribution: unknown): string {
	if (typeof attribution !== 'object' || attribution === null) return '—'
	const touches = ['first', 'last']
		.map((key) => (attribution as Record<string, Record<string, unknown> | undefined>)[key])
		.filter(
			(touch): touch is Record<string, unknown> => typeof touch === 'object' && touch !== null,
		)
		.map((touch) =>
			['utm_source', 'utm_medium', 'utm_campaign']
				.map((field) => touch[field])
				.filter((value) => typeof value === 'string' && value)
				.join(' / '),
		)
		.filter(Boolean)
	return touches.length > 0 ? [...new Set(touches)].join(' → ') : '—'
}

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const params = new URL(request.url).searchParams
	const filters = parseFilters(leadFiltersSchema, params)
	const sort = parseSort(params, LEAD_SORTS, DEFAULT_LEAD_SORT)
	const keep = sortQuery(sort, DEFAULT_LEAD_SORT)
	if (!filters.ok) {
		return json(
			{
				filters: filters.value,
				errors: filters.errors,
				leads: [],
				next: null,
				query: '',
				filterOnlyQuery: '',
				sort,
				keep,
			},
			{ status: 400, headers: ADMIN_HEADERS },
		)
	}
	const page = await listLeads(await getDb(), filters.value, params.get('after'), undefined, sort)
	return json(
		{
			filters: filters.value as Record<string, string | undefined>,
			errors: {} as Record<string, string>,
			leads: page.rows.map((lead) => ({
				id: lead.id,
				createdAt: lead.createdAt.toISOString(),
				email: lead.email,
				list: lead.list,
				session: lead.workshopSession,
				name: [lead.firstName, lead.lastName].filter(Boolean).join(' '),
				confirmedAt: lead.confirmedAt?.toISOString() ?? null,
				partnerKey: lead.partnerKey,
				attribution: describeAttribution(lead.attribution),
			})),
			next: page.next,
			query: filterQuery({ ...filters.value, ...keep }),
			filterOnlyQuery: filterQuery(filters.value),
			sort,
			keep,
		},
		{ headers: ADMIN_HEADERS },
	)
}

export const action = ownerOnlyAction

export default function AdminLeads() {
	const { filters, errors, leads, next, query, filterOnlyQuery, sort, keep } =
		useLoaderData<typeof loader>()
	const sortable = (column: string, label: string) => (
		<SortHeader column={column} label={label} sort={sort} query={filterOnlyQuery} />
	)
	const field = (name: string) => ({ name, value: filters[name], error: errors[name] })
	return (
		<>
			<AdminHeading title="Leads">
				<ExportLink file="leads.csv" query={filterOnlyQuery} label="Export these leads (CSV)" />
			</AdminHeading>
			<FilterForm label="Filter leads" keep={keep}>
				<FilterInput {...field('email')} label="E-mail starts with" type="search" />
				<FilterSelect
					{...field('list')}
					label="List"
					options={LEAD_LISTS.map((list) => ({ value: list, label: list }))}
				/>
				<FilterSelect
					{...field('confirmed')}
					label="Confirmed"
					options={[
						{ value: 'yes', label: 'yes' },
						{ value: 'no', label: 'no' },
					]}
				/>
				<FilterInput {...field('partner')} label="Partner" />
				<FilterInput {...field('from')} label="From" type="date" />
				<FilterInput {...field('to')} label="To" type="date" />
			</FilterForm>
			{leads.length === 0 ? (
				<p className="mt-6">{t('noMatchingData')}</p>
			) : (
				<table className={`mt-6 ${listTableClasses}`}>
					<thead>
						<tr>
							{sortable('created', 'Signed up')}
							<th scope="col">List</th>
							<th scope="col">Session</th>
							{sortable('email', 'E-mail')}
							<th scope="col">Name</th>
							<th scope="col">Confirmed</th>
							<th scope="col">Partner</th>
							<th scope="col">Attribution</th>
						</tr>
					</thead>
					<tbody>
						{leads.map((lead) => (
							<tr key={lead.id}>
								<td data-label="Signed up">
									<Time value={lead.createdAt} />
								</td>
								<td data-label="List">{lead.list}</td>
								<td data-label="Session">{lead.session ?? '—'}</td>
								<td data-label="E-mail" className="[overflow-wrap:anywhere]">
									{lead.email}
								</td>
								<td data-label="Name">{lead.name || '—'}</td>
								<td data-label="Confirmed">
									{lead.confirmedAt ? <Time value={lead.confirmedAt} /> : 'no'}
								</td>
								<td data-label="Partner">{lead.partnerKey ?? '—'}</td>
								<td data-label="Attribution" className="[overflow-wrap:anywhere]">
									{lead.attribution}
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
