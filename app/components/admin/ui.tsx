/**
 * The owner's dashboard's pieces (docs/decisions/080-084): navigation, filter forms that are
 * plain GET forms (they work without JavaScript and their URL is the view), money, and the
 * "next page" link of keyset pagination.
 */
import type { MetaFunction } from '@remix-run/node'
import { Form, Link, NavLink } from '@remix-run/react'
import type { ReactNode } from 'react'
import { buttonClasses } from '~/components/button-classes'
import { formatMinorPrice } from '~/domain/pricing'
import { formatUtc } from '~/domain/time'

const SECTIONS = [
	{ to: '/admin', label: 'Overview', end: true },
	{ to: '/admin/orders', label: 'Orders', end: false },
	{ to: '/admin/coupons', label: 'Coupons', end: false },
	{ to: '/admin/money', label: 'Money', end: false },
	{ to: '/admin/invoices', label: 'Invoices', end: false },
	{ to: '/admin/leads', label: 'Leads', end: false },
	{ to: '/admin/waitlist', label: 'Waiting list', end: false },
	{ to: '/admin/email', label: 'E-mail', end: false },
	{ to: '/admin/messages', label: 'Messages', end: false },
	{ to: '/admin/follow-ups', label: 'Follow-ups', end: false },
	{ to: '/admin/certificates', label: 'Certificates', end: false },
	{ to: '/admin/audit', label: 'Audit log', end: false },
	{ to: '/admin/search', label: 'Find anyone', end: false },
]

/**
 * The dashboard's header: its sections, the way back to the site, who is signed in and in which
 * zone times are shown, and sign-out (a plain POST form: no JavaScript needed). It wraps onto
 * several lines on a phone rather than widening the page (docs/decisions/111).
 */
export function AdminNav({ ownerName, timeZone }: { ownerName: string; timeZone: string }) {
	return (
		<header className="border-b border-slate-200 px-4 py-4 dark:border-slate-800">
			<div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3">
				<p className="font-semibold">Owner's dashboard</p>
				<nav aria-label="Dashboard" className="min-w-0">
					<ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
						{SECTIONS.map((section) => (
							<li key={section.to}>
								<NavLink
									to={section.to}
									end={section.end}
									className={({ isActive }) =>
										isActive ? 'font-semibold underline' : 'underline-offset-4 hover:underline'
									}
								>
									{section.label}
								</NavLink>
							</li>
						))}
					</ul>
				</nav>
				<div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2 text-sm sm:ml-auto">
					<Link to="/" className="underline underline-offset-4">
						Back to the site
					</Link>
					<p className="min-w-0 break-words text-slate-600 dark:text-slate-400">
						Signed in as {ownerName} · times in {timeZone}
					</p>
					{/* Ends this owner's sessions in every browser, copies of a cookie included (decision 102). */}
					<Form method="post" action="/sign-out">
						<input type="hidden" name="returnTo" value="/" />
						<button type="submit" className="underline underline-offset-4">
							Sign out everywhere
						</button>
					</Form>
				</div>
			</div>
		</header>
	)
}

export function money(amountMinor: number, currency: string): string {
	return formatMinorPrice(amountMinor, currency)
}

const controlClasses =
	'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900 aria-[invalid=true]:border-red-600'

type FilterProps = {
	name: string
	label: string
	value: string | undefined
	error: string | undefined
}

/**
 * A filter control with its label and, when the value was refused, its message next to it,
 * wired with aria like `Field`. `control` gets the shared attributes.
 */
function Filter({
	name,
	label,
	value,
	error,
	control,
}: FilterProps & {
	control: (attributes: {
		id: string
		name: string
		defaultValue: string
		className: string
		'aria-invalid': true | undefined
		'aria-describedby': string | undefined
	}) => ReactNode
}) {
	const id = `filter-${name}`
	return (
		<div>
			<label htmlFor={id} className="block text-xs font-medium">
				{label}
			</label>
			{control({
				id,
				name,
				defaultValue: value ?? '',
				className: controlClasses,
				'aria-invalid': error ? true : undefined,
				'aria-describedby': error ? `${id}-error` : undefined,
			})}
			{error ? (
				<p id={`${id}-error`} className="mt-1 text-xs text-red-700 dark:text-red-400">
					{error}
				</p>
			) : null}
		</div>
	)
}

/** A text or date filter. */
export function FilterInput({
	type = 'text',
	...props
}: FilterProps & { type?: 'text' | 'date' | 'search' }) {
	return <Filter {...props} control={(attributes) => <input type={type} {...attributes} />} />
}

export function FilterSelect({
	options,
	...props
}: FilterProps & { options: readonly { value: string; label: string }[] }) {
	return (
		<Filter
			{...props}
			control={(attributes) => (
				<select {...attributes}>
					<option value="">Any</option>
					{options.map((option) => (
						<option key={option.value} value={option.value}>
							{option.label}
						</option>
					))}
				</select>
			)}
		/>
	)
}

/** The link to a list's CSV export, with the list's filters. */
export function ExportLink({ file, query, label }: { file: string; query: string; label: string }) {
	return (
		<a
			href={`/admin/export/${file}${query ? `?${query}` : ''}`}
			className="text-sm underline"
			download
		>
			{label}
		</a>
	)
}

export function FilterForm({
	label,
	children,
	keep = {},
}: {
	label: string
	children: ReactNode
	/** Parameters the form carries along unchanged (the list's sort). */
	keep?: Record<string, string | undefined>
}) {
	return (
		<Form
			method="get"
			aria-label={label}
			className="grid grid-cols-2 items-start gap-3 sm:grid-cols-4 lg:grid-cols-8"
		>
			{Object.entries(keep).map(([name, value]) =>
				value ? <input key={name} type="hidden" name={name} value={value} /> : null,
			)}
			{children}
			<div className="self-end">
				<button type="submit" className={buttonClasses('secondary', 'w-full py-1 text-sm')}>
					Apply
				</button>
			</div>
		</Form>
	)
}

/** Links under a keyset-paged list: back to the first page, and on to the next. */
export function Pager({ query, next }: { query: string; next: string | null }) {
	const withCursor = (after: string) => {
		const params = new URLSearchParams(query)
		params.set('after', after)
		return `?${params}`
	}
	return (
		<nav aria-label="Pages" className="mt-4 flex gap-4 text-sm">
			<Link to={query ? `?${query}` : '.'} className="underline">
				First page
			</Link>
			{next ? (
				<Link to={withCursor(next)} className="underline" rel="next">
					Next page
				</Link>
			) : (
				<span className="text-slate-500">Last page</span>
			)}
		</nav>
	)
}

export function AdminHeading({ title, children }: { title: string; children?: ReactNode }) {
	return (
		<div className="mb-6 flex flex-wrap items-end justify-between gap-4">
			{/* A title may hold an id or a subject with no place to break: it breaks anywhere. */}
			<h1 className="min-w-0 text-2xl font-bold tracking-tight [overflow-wrap:anywhere]">
				{title}
			</h1>
			{children}
		</div>
	)
}

/**
 * A column header that sorts the list by its column (docs/decisions/111): a link, so it works
 * without JavaScript; the list's filters are kept and paging starts again. The sorted column
 * says which way (`aria-sort`, an arrow); clicking it again turns the order round.
 */
export function SortHeader({
	column,
	label,
	sort,
	query,
}: {
	column: string
	label: string
	sort: { column: string; direction: 'asc' | 'desc' }
	/** The list's filters as a query string, without the sort. */
	query: string
}) {
	const active = sort.column === column
	const params = new URLSearchParams(query)
	params.delete('after')
	params.set('sort', column)
	if (active) params.set('dir', sort.direction === 'desc' ? 'asc' : 'desc')
	const arrow = active ? (sort.direction === 'desc' ? ' ↓' : ' ↑') : ''
	return (
		<th
			scope="col"
			className="sortable"
			aria-sort={active ? (sort.direction === 'desc' ? 'descending' : 'ascending') : undefined}
		>
			<Link to={`?${params}`} className="underline underline-offset-4">
				{label}
				{arrow}
			</Link>
		</th>
	)
}

export const tableClasses =
	'w-full border-collapse text-left text-sm [&_td]:[overflow-wrap:anywhere] [&_td]:py-1.5 [&_td]:pr-3 [&_th]:pr-3 [&_th]:pb-2 [&_tr]:border-b [&_tr]:border-slate-200 dark:[&_tr]:border-slate-800'

/** A list's table: its rows turn into cards on a phone (`.admin-cards`, app/styles/tailwind.css). */
export const listTableClasses = `admin-cards ${tableClasses}`

/**
 * An admin page's head: its title, never indexed. When the page failed — a stranger's 404 —
 * the root's head, exactly as an unknown path has: the title must not say what is here.
 */
export const adminMeta =
	(title: string): MetaFunction =>
	({ error, matches }) =>
		error
			? (matches.find((match) => match.id === 'root')?.meta ?? [])
			: [
					{ title: `${title} · Owner's dashboard` },
					{ name: 'robots', content: 'noindex, nofollow' },
				]

/** A time as stored, in UTC to the second; pages show `<Time>` (the owner's zone; this on hover). */
export function formatTime(iso: string | null): string {
	return iso ? formatUtc(iso) : '—'
}
