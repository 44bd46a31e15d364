/**
 * The documentation-style content blocks of SPEC §1, used from MDX files under content/.
 *
 * Tabs, code groups and code blocks are in tabs-and-code.tsx.
 *
 * They are rendered to HTML when the site is built (app/content/compile.server.tsx), never in
 * the browser: each block is readable and usable with JavaScript off, and the few that gain
 * behaviour with JavaScript (tabs, code groups, the copy button) carry data attributes that
 * app/components/content/enhance.ts picks up on the page.
 */
import { createContext, type ReactNode, useContext } from 'react'
import { Icon, type IconName, isIconName, parseIconName } from '~/components/icons'

// ---------------------------------------------------------------------------------------------
// Callouts: note, tip, caution, warning, and the general callout they are made of.

export type CalloutType = 'note' | 'tip' | 'caution' | 'warning' | 'info'

const calloutStyles: Record<CalloutType, { label: string; icon: IconName; className: string }> = {
	info: {
		label: 'Info',
		icon: 'info',
		className:
			'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
	},
	note: {
		label: 'Note',
		icon: 'info',
		className:
			'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950/60 dark:text-sky-50',
	},
	tip: {
		label: 'Tip',
		icon: 'lightbulb',
		className:
			'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-50',
	},
	caution: {
		label: 'Caution',
		icon: 'alert',
		className:
			'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50',
	},
	warning: {
		label: 'Warning',
		icon: 'octagon',
		className:
			'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/60 dark:text-red-50',
	},
}

/**
 * A content block's icon: a bundled one inline; a custom one (`set:name`, docs/decisions/091) as
 * an empty placeholder that the enhancer fills from the icon endpoint or service. Decorative
 * either way, so nothing is lost without JavaScript.
 */
function BlockIcon({
	name,
	fallback,
	className,
}: {
	name: string | undefined
	fallback?: IconName
	className: string
}) {
	if (name && isIconName(name)) return <Icon name={name} className={className} />
	if (name && parseIconName(name))
		return <span data-icon={name} aria-hidden="true" className={`inline-block ${className}`} />
	return fallback ? <Icon name={fallback} className={className} /> : null
}

/** A highlighted aside. Its kind is spoken as well as shown, so colour is never the only cue. */
export function Callout({
	type = 'info',
	title,
	icon,
	children,
}: {
	type?: CalloutType
	title?: string
	/** A bundled icon's name, or a custom one as `set:name` (loaded in the browser). */
	icon?: string
	children: ReactNode
}) {
	const style = calloutStyles[type] ?? calloutStyles.info
	return (
		<div
			role="note"
			aria-label={title ?? style.label}
			data-block="callout"
			data-callout={type}
			className={`my-6 flex gap-3 rounded-xl border px-4 py-3 ${style.className}`}
		>
			<BlockIcon name={icon} fallback={style.icon} className="mt-1 h-5 w-5 shrink-0" />
			<div className="min-w-0 flex-1 [&>*:first-child]:mt-0 [&>*:last-child]:mb-0">
				<p className="my-0 font-semibold">{title ?? style.label}</p>
				{children}
			</div>
		</div>
	)
}

type CalloutProps = { title?: string; children: ReactNode }
export const Note = (props: CalloutProps) => <Callout type="note" {...props} />
export const Tip = (props: CalloutProps) => <Callout type="tip" {...props} />
export const Caution = (props: CalloutProps) => <Callout type="caution" {...props} />
export const Warning = (props: CalloutProps) => <Callout type="warning" {...props} />

// ---------------------------------------------------------------------------------------------
// Accordion: native <details>, so it opens with a keyboard and without JavaScript.

export function Accordion({
	title,
	open = false,
	children,
}: {
	title: string
	open?: boolean
	children: ReactNode
}) {
	return (
		<details
			data-block="accordion"
			open={open}
			className="group my-3 rounded-xl border border-slate-200 dark:border-slate-800 [&_summary::-webkit-details-marker]:hidden"
		>
			<summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-4 py-3 font-semibold hover:bg-slate-50 dark:hover:bg-slate-900">
				{title}
				<span
					aria-hidden="true"
					className="text-xl leading-none text-slate-500 transition-transform group-open:rotate-45 dark:text-slate-400"
				>
					+
				</span>
			</summary>
			<div className="px-4 pb-4 [&>*:first-child]:mt-0 [&>*:last-child]:mb-0">{children}</div>
		</details>
	)
}

export function AccordionGroup({ children }: { children: ReactNode }) {
	return (
		<div data-block="accordion-group" className="my-6">
			{children}
		</div>
	)
}

// ---------------------------------------------------------------------------------------------
// Cards: a titled box, a link when it has an href; a group lays them out in a grid.

export function Card({
	title,
	href,
	icon,
	children,
}: {
	title: string
	href?: string
	/** A bundled icon's name, or a custom one as `set:name` (loaded in the browser). */
	icon?: string
	children?: ReactNode
}) {
	const body = (
		<>
			<BlockIcon name={icon} className="mb-3 h-6 w-6 text-indigo-600 dark:text-indigo-400" />
			<p className="my-0 font-semibold text-slate-900 dark:text-white">
				{title}
				{href ? <Icon name="arrow-right" className="ml-1 inline h-4 w-4 align-[-2px]" /> : null}
			</p>
			{children ? (
				<div className="mt-1 text-sm text-slate-700 dark:text-slate-300 [&>*]:my-1">{children}</div>
			) : null}
		</>
	)
	const className =
		'block h-full rounded-xl border border-slate-200 p-4 no-underline dark:border-slate-800'
	return href ? (
		<a
			href={href}
			data-block="card"
			className={`${className} transition-colors hover:border-indigo-400 hover:bg-slate-50 dark:hover:border-indigo-500 dark:hover:bg-slate-900`}
		>
			{body}
		</a>
	) : (
		<div data-block="card" className={className}>
			{body}
		</div>
	)
}

export function CardGroup({ cols = 2, children }: { cols?: 1 | 2 | 3; children: ReactNode }) {
	const columns = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3' }[cols] ?? ''
	return (
		<div data-block="card-group" className={`my-6 grid gap-4 ${columns}`}>
			{children}
		</div>
	)
}

// ---------------------------------------------------------------------------------------------
// Steps: an ordered list, numbered for sight and for screen readers alike.

export function Steps({ children }: { children: ReactNode }) {
	return (
		<ol
			data-block="steps"
			className="my-6 ml-3 list-none border-l [counter-reset:step] border-slate-200 pl-0 dark:border-slate-700"
		>
			{children}
		</ol>
	)
}

export function Step({ title, children }: { title: string; children: ReactNode }) {
	return (
		<li className="relative mb-6 pl-8 [counter-increment:step] last:mb-0 before:absolute before:-left-3.5 before:top-0 before:flex before:h-7 before:w-7 before:items-center before:justify-center before:rounded-full before:bg-indigo-600 before:text-sm before:font-semibold before:text-white before:content-[counter(step)]">
			<p className="my-0 pt-0.5 font-semibold">{title}</p>
			<div className="[&>*:last-child]:mb-0">{children}</div>
		</li>
	)
}

// ---------------------------------------------------------------------------------------------
// Table: markdown tables, in a region that scrolls sideways on narrow screens and can be
// scrolled with the keyboard. <Table caption="..."> around a markdown table gives it a caption.

const TableCaption = createContext<string | undefined>(undefined)

export function Table({ caption, children }: { caption?: string; children: ReactNode }) {
	return <TableCaption.Provider value={caption}>{children}</TableCaption.Provider>
}

/** What a markdown table renders as. */
export function TableFrame({ children }: { children?: ReactNode }) {
	const caption = useContext(TableCaption)
	return (
		<section
			data-block="table"
			aria-label={caption ?? 'Table'}
			// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be keyboard-reachable
			tabIndex={0}
			className="my-6 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700"
		>
			{/* Wide enough to read on a phone: the block scrolls sideways, not the page (docs/decisions/088). */}
			<table className="w-full min-w-[36rem] border-collapse text-left text-sm">
				{caption ? (
					<caption className="px-4 pt-3 text-left font-semibold">{caption}</caption>
				) : null}
				{children}
			</table>
		</section>
	)
}
