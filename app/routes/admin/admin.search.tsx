/**
 * /admin/search?q=: find anyone (issue 27, docs/decisions/114). One box for an order id, a pass
 * id, the start of an e-mail address, of a name or of a company (decision 157); a plain GET form, so it works without
 * JavaScript and its URL is the search. The query string is never logged (the access log keeps
 * the path only, decision 069) and each person found links to their page by an opaque reference,
 * not by address. Bad input (a control character, too long) is a 400 with its message next to
 * the box, and nothing is searched.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { AdminHeading, adminMeta } from '~/components/admin/ui'
import { buttonClasses } from '~/components/button-classes'
import { getDb } from '~/db/client.server'
import { EMAIL_MAX_LENGTH } from '~/forms/limits'
import { hasControlCharacters } from '~/forms/text'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { personPath } from '~/http/person-ref.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { findAnyone, SEARCH_LIMIT, type Source } from '~/models/leads/search.server'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Find anyone')
export const headers = () => ADMIN_HEADERS

const LABEL = 'Order id, pass id, e-mail, name or company'

/** The box: trimmed, at most an address long, no control characters (decision 103). */
const searchSchema = z
	.string()
	.trim()
	.max(EMAIL_MAX_LENGTH, `Search for at most ${EMAIL_MAX_LENGTH} characters`)
	.refine((value) => !hasControlCharacters(value), 'Search must not contain control characters')

const SOURCE_LABELS: Record<Source, string> = {
	orders: 'orders',
	passes: 'passes',
	'sign-ups': 'sign-ups',
	'e-mails': 'e-mails sent',
}

export async function loader({ request, context }: LoaderFunctionArgs) {
	const owner = await requireOwner(request, context)
	const raw = new URL(request.url).searchParams.get('q') ?? ''
	const parsed = searchSchema.safeParse(raw)
	if (!parsed.success) {
		return data(
			{ q: raw, error: parsed.error.issues[0]?.message ?? 'Search not understood', found: null },
			{ status: 400, headers: ADMIN_HEADERS },
		)
	}
	const q = parsed.data
	if (!q) return data({ q, error: null, found: null }, { headers: ADMIN_HEADERS })
	const db = await getDb()
	const found = await findAnyone(db, q)
	// A search reads people's data: who searched for what, and from where (decision 136).
	await recordOwnerAction(db, {
		actor: owner.name,
		action: 'search',
		target: 'search',
		after: { q },
	})
	const person = (email: string | null) => (email ? { email, path: personPath(email) } : null)
	return data(
		{
			q,
			error: null as string | null,
			found: {
				orders: found.orders.map((order) => ({
					id: order.id,
					status: order.status,
					buyer: person(order.email),
				})),
				passes: found.passes.map((pass) => ({
					id: pass.id,
					orderId: pass.orderId,
					holder: person(pass.holderEmail),
				})),
				people: found.people.map((found) => ({
					...found,
					path: personPath(found.email),
					foundIn: found.foundIn.map((source) => SOURCE_LABELS[source]),
				})),
				more: found.more,
				limit: SEARCH_LIMIT,
			},
		},
		{ headers: ADMIN_HEADERS },
	)
}

export const action = ownerOnlyAction

function PersonLink({ person }: { person: { email: string; path: string } | null }) {
	return person ? (
		<Link to={person.path} className="[overflow-wrap:anywhere] underline">
			{person.email}
		</Link>
	) : (
		<span>no e-mail address</span>
	)
}

export default function AdminSearch() {
	const { q, error, found } = useLoaderData<typeof loader>()
	const nothing = found && found.orders.length + found.passes.length + found.people.length === 0
	return (
		<>
			<AdminHeading title="Find anyone" />
			<Form method="get" role="search" aria-label="Find anyone" className="flex flex-wrap gap-3">
				<div className="min-w-0 flex-1 basis-64">
					<label htmlFor="search-q" className="block text-sm font-medium">
						{LABEL}
					</label>
					<input
						id="search-q"
						type="search"
						name="q"
						defaultValue={q}
						maxLength={EMAIL_MAX_LENGTH}
						autoComplete="off"
						spellCheck={false}
						aria-invalid={error ? true : undefined}
						aria-describedby={error ? 'search-q-error' : 'search-q-hint'}
						className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900 aria-[invalid=true]:border-red-600"
					/>
					{error ? (
						<p id="search-q-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
							{error}
						</p>
					) : (
						<p id="search-q-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
							An id exactly; an address, a name or a company by its start, in any case.
						</p>
					)}
				</div>
				<div className="self-start pt-6">
					<button type="submit" className={buttonClasses('primary', 'py-1.5')}>
						Search
					</button>
				</div>
			</Form>
			{found ? (
				<section aria-labelledby="search-results" className="mt-8 space-y-6">
					<h2 id="search-results" className="font-semibold">
						{`Results for “${q}”`}
					</h2>
					{nothing ? <p>{`Nothing matches “${q}”.`}</p> : null}
					{found.orders.map((order) => (
						<p key={order.id} className="break-words">
							Order{' '}
							<Link
								to={`/admin/orders/${order.id}`}
								className="[overflow-wrap:anywhere] font-mono underline"
							>
								{order.id}
							</Link>{' '}
							({order.status}), bought by <PersonLink person={order.buyer} />
						</p>
					))}
					{found.passes.map((pass) => (
						<p key={pass.id} className="break-words">
							Pass <span className="[overflow-wrap:anywhere] font-mono">{pass.id}</span> of order{' '}
							<Link
								to={`/admin/orders/${pass.orderId}`}
								className="[overflow-wrap:anywhere] font-mono underline"
							>
								{pass.orderId}
							</Link>
							, held by <PersonLink person={pass.holder} />
						</p>
					))}
					{found.people.length > 0 ? (
						<ul aria-label="People" className="divide-y divide-slate-200 dark:divide-slate-800">
							{found.people.map((person) => (
								<li key={person.email} className="py-2">
									<PersonLink person={person} />
									<p className="text-sm text-slate-600 dark:text-slate-400">
										{person.names.length > 0 ? `${person.names.join(', ')} · ` : ''}
										found in {person.foundIn.join(', ')}
									</p>
								</li>
							))}
						</ul>
					) : null}
					{found.more ? (
						<p className="text-sm">
							More than {found.limit} match: type more of the address or the name.
						</p>
					) : null}
				</section>
			) : null}
		</>
	)
}
