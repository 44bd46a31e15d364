/**
 * The owner's dashboard's pieces (docs/decisions/080-084): navigation, filter forms that are
 * plain GET forms (they work without JavaScript and their URL is the view), money, and the
 * "next page" link of keyset pagination.
 */
import type { MetaFunction } from '@remix-run/node'
import { Form, Link, NavLink } from '@remix-run/react'
import type { ReactNode } from 'react'
import { buttonClasses } from '~/components/button-classes'
import { formatPrice, toMajorUnits } from '~/models/pricing'

const SECTIONS = [
	{ to: '/admin', label: 'Overview', end: true },
	{ to: '/admin/orders', label: 'Orders', end: false },
	{ to: '/admin/invoices', label: 'Invoices', end: false },
	{ to: '/admin/leads', label: 'Leads', end: false },
	{ to: '/admin/email', label: 'E-mail', end: false },
	{ to: '/admin/audit', label: 'Audit log', end: false },
]

export function AdminNav({ ownerName }: { ownerName: string }) {
	return (
		<header className="border-b border-slate-200 px-4 py-4 dark:border-slate-800">
			<div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2">
				<p className="font-semibold">Owner's dashboard</p>
				<nav aria-label="Dashboard">
					<ul className="flex flex-wrap gap-4 text-sm">
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
				<p className="ml-auto text-sm text-slate-600 dark:text-slate-400">
					Signed in as {ownerName}
				</p>
				{/* Ends this owner's sessions in every browser, copies of a cookie included (decision 102). */}
				<Form method="post" action="/sign-out">
					<input type="hidden" name="returnTo" value="/" />
					<button type="submit" className="text-sm underline underline-offset-4">
						Sign out everywhere
					</button>
				</Form>
			</div>
		</header>
	)
}

export function money(amountMinor: number, currency: string): string {
	return formatPrice(toMajorUnits(amountMinor, currency), currency.toUpperCase())
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

export function FilterForm({ label, children }: { label: string; children: ReactNode }) {
	return (
		<Form
			method="get"
			aria-label={label}
			className="grid grid-cols-2 items-start gap-3 sm:grid-cols-4 lg:grid-cols-8"
		>
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
			<h1 className="text-2xl font-bold tracking-tight">{title}</h1>
			{children}
		</div>
	)
}

export const tableClasses =
	'w-full border-collapse text-left text-sm [&_td]:py-1.5 [&_td]:pr-3 [&_th]:pr-3 [&_th]:pb-2 [&_tr]:border-b [&_tr]:border-slate-200 dark:[&_tr]:border-slate-800'

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

export function formatTime(iso: string | null): string {
	return iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—'
}
