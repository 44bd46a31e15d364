/**
 * /admin/leads: sign-ups per list (docs/decisions/062) with their confirmation state,
 * workshop session (decision 110) and attribution, newest first, paged by key; filters by list, confirmation, partner, dates and
 * e-mail prefix; the same query string exports them as CSV. Each lead can be erased
 * (docs/decisions/109) in two steps that work without JavaScript: `?erase=<id>` says what goes
 * and what stays, and its form does it.
 */
import { getFormProps } from '@conform-to/react'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
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
import { SubmitButton } from '~/components/button'
import { FormErrors } from '~/components/field'
import { getDb } from '~/db/client.server'
import { parseSort, sortQuery } from '~/db/cursor.server'
import { LEAD_LISTS } from '~/forms/names'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { ADMIN_HEADERS, requireOwner } from '~/http/owner.server'
import { requireStepUp } from '~/http/step-up.server'
import { redirectWithToast } from '~/http/toast.server'
import { eraseLead } from '~/models/leads/erase.server'
import {
	DEFAULT_LEAD_SORT,
	LEAD_SORTS,
	leadToErase,
	listLeads,
} from '~/models/leads/owner-list.server'
import { filterQuery, leadFiltersSchema, parseFilters } from '~/models/lists/filters.server'
import { t } from '~/utils/i18n'
import { readForm } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

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

/** `?erase=<id>`: a lead number, or null. */
const leadIdOf = (value: string | null) =>
	value && /^\d{1,15}$/.test(value) ? Number(value) : null

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const params = new URL(request.url).searchParams
	const filters = parseFilters(leadFiltersSchema, params)
	const sort = parseSort(params, LEAD_SORTS, DEFAULT_LEAD_SORT)
	const keep = sortQuery(sort, DEFAULT_LEAD_SORT)
	if (!filters.ok) {
		return data(
			{
				filters: filters.value,
				errors: filters.errors,
				leads: [],
				next: null,
				query: '',
				filterOnlyQuery: '',
				sort,
				keep,
				erase: null,
			},
			{ status: 400, headers: ADMIN_HEADERS },
		)
	}
	const db = await getDb()
	const eraseId = leadIdOf(params.get('erase'))
	const [page, erase] = await Promise.all([
		listLeads(db, filters.value, params.get('after'), undefined, sort),
		eraseId === null ? null : leadToErase(db, eraseId),
	])
	return data(
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
				erased: lead.erasedAt !== null,
				partnerKey: lead.partnerKey,
				attribution: describeAttribution(lead.attribution),
			})),
			next: page.next,
			query: filterQuery({ ...filters.value, ...keep }),
			filterOnlyQuery: filterQuery(filters.value),
			sort,
			keep,
			erase,
		},
		{ headers: ADMIN_HEADERS },
	)
}

export async function action({ request, context }: ActionFunctionArgs) {
	const owner = await requireOwner(request, context)
	const form = await readForm(request)
	const submission = parseForm('adminLeadErase', form)
	if (submission.status !== 'success')
		return data(submission.reply(), { status: 400, headers: ADMIN_HEADERS })
	// Erasing cannot be undone: it needs a recent second factor (decision 136).
	await requireStepUp(request, context, owner, form)
	const outcome = await eraseLead(await getDb(), owner, submission.value.leadId)
	if (!outcome.ok)
		return data(submission.reply({ formErrors: [outcome.message] }), {
			status: 409,
			headers: ADMIN_HEADERS,
		})
	return redirectWithToast('/admin/leads', { title: outcome.message, type: 'success' }, context, {
		status: 303,
		headers: ADMIN_HEADERS,
	})
}

/** The second step of erasing a lead: what goes, what stays, and the form that does it. */
function ConfirmErase({
	lead,
	query,
}: {
	lead: { id: number; email: string; lists: string[] }
	query: string
}) {
	const lastResult = useActionData<typeof action>()
	const [form] = useValidatedForm('adminLeadErase', { id: 'erase-lead', lastResult })
	const back = `/admin/leads${query ? `?${query}` : ''}`
	return (
		<section
			aria-labelledby="erase-heading"
			className="mb-8 rounded-lg border-2 border-amber-500 p-4"
		>
			<h2 id="erase-heading" className="text-lg font-semibold [overflow-wrap:anywhere]">
				Erase {lead.email}?
			</h2>
			<p className="mt-2 text-sm">
				Its sign-ups ({lead.lists.join(', ')}), survey answers and the e-mails sent to it lose the
				address, names and attribution for good, and the address gets no more mail from the site.
				Orders stay, with the buyer's name and e-mail and the e-mails about them, as bookkeeping law
				requires.
			</p>
			<Form method="post" {...getFormProps(form)} className="mt-4">
				<input type="hidden" name="intent" value="erase" />
				<input type="hidden" name="leadId" value={lead.id} />
				<FormErrors id={form.errorId} errors={form.errors} prominent />
				<div className="mt-3 flex items-center gap-4">
					<SubmitButton>Yes, erase</SubmitButton>
					<Link to={back} className="underline">
						Cancel
					</Link>
				</div>
			</Form>
		</section>
	)
}

export default function AdminLeads() {
	const { filters, errors, leads, next, query, filterOnlyQuery, sort, keep, erase } =
		useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const eraseLink = (id: number) => `?${query ? `${query}&` : ''}erase=${id}`
	const sortable = (column: string, label: string) => (
		<SortHeader column={column} label={label} sort={sort} query={filterOnlyQuery} />
	)
	const field = (name: string) => ({ name, value: filters[name], error: errors[name] })
	return (
		<>
			<AdminHeading title="Leads">
				<ExportLink file="leads.csv" query={filterOnlyQuery} label="Export these leads (CSV)" />
			</AdminHeading>
			{erase ? (
				<ConfirmErase lead={erase} query={query} />
			) : (
				// A lead erased meanwhile (another tab, another owner) has no confirmation to show it in.
				<FormErrors id="erase-lead-error" errors={lastResult?.error?.[''] ?? undefined} prominent />
			)}
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
							<th scope="col">
								<span className="sr-only">Actions</span>
							</th>
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
									{lead.erased ? 'erased' : lead.email}
								</td>
								<td data-label="Name">{lead.name || '—'}</td>
								<td data-label="Confirmed">
									{lead.confirmedAt ? <Time value={lead.confirmedAt} /> : 'no'}
								</td>
								<td data-label="Partner">{lead.partnerKey ?? '—'}</td>
								<td data-label="Attribution" className="[overflow-wrap:anywhere]">
									{lead.attribution}
								</td>
								<td data-label="Actions">
									{lead.erased ? null : (
										<Link
											to={eraseLink(lead.id)}
											className="underline"
											aria-label={`Erase ${lead.email}`}
										>
											Erase…
										</Link>
									)}
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
