/**
 * The content blocks of SPEC §1 that gain behaviour with JavaScript: tabs, code groups and the
 * code block's copy button. Rendered at build time like every block (blocks.tsx); the data
 * attributes here are what app/components/content/enhance.ts picks up on the page.
 */
import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'
import { Icon } from '~/components/icons'
import { t } from '~/utils/i18n'

// ---------------------------------------------------------------------------------------------
// Tabs and code groups. Without JavaScript every panel shows under its own title; the
// enhancer turns the hidden tab list on and shows one panel at a time (WAI-ARIA tabs pattern,
// arrow keys, Home and End).

function TabSet({
	kind,
	label,
	titles,
	panels,
}: {
	kind: 'tabs' | 'code-group'
	label: string
	titles: string[]
	panels: ReactNode[]
}) {
	return (
		<div data-block={kind} data-tabs="" className="my-6">
			<div
				role="tablist"
				aria-label={label}
				hidden
				className="gap-1 [&:not([hidden])]:flex overflow-x-auto border-b border-slate-200 dark:border-slate-700"
			>
				{titles.map((title, index) => (
					<button
						// Titles can repeat; position is what identifies a tab.
						// biome-ignore lint/suspicious/noArrayIndexKey: static markup, never reordered
						key={index}
						type="button"
						role="tab"
						// Selected by the enhancer, which also makes the panels tabpanels: an active tab
						// without its tabpanel is invalid HTML (docs/decisions/073).
						tabIndex={index === 0 ? 0 : -1}
						className="-mb-px whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 aria-selected:border-indigo-600 aria-selected:text-indigo-700 dark:text-slate-300 dark:hover:text-white dark:aria-selected:border-indigo-400 dark:aria-selected:text-indigo-300"
					>
						{title}
					</button>
				))}
			</div>
			{panels.map((panel, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: static markup, never reordered
				<div key={index} data-tab-panel="" className="[&>*:last-child]:mb-0">
					{kind === 'tabs' ? (
						<p data-tab-title="" className="mb-2 mt-4 text-sm font-semibold">
							{titles[index]}
						</p>
					) : null}
					{panel}
				</div>
			))}
		</div>
	)
}

/** The elements among `children`, looking through fragments (shiki hands code blocks over in one). */
function elementsOf<P>(children: ReactNode): ReactElement<P>[] {
	return Children.toArray(children).flatMap((child) => {
		if (!isValidElement<{ children?: ReactNode }>(child)) return []
		if (child.type === Fragment) return elementsOf<P>(child.props.children)
		return [child as ReactElement<P>]
	})
}

type TabProps = { title: string; children: ReactNode }

/** One panel of <Tabs>; only meaningful inside it. */
export function Tab({ children }: TabProps) {
	return <div className="pt-3 [&>*:first-child]:mt-0">{children}</div>
}

export function Tabs({ label = 'Tabs', children }: { label?: string; children: ReactNode }) {
	const tabs = elementsOf<TabProps>(children)
	return (
		<TabSet
			kind="tabs"
			label={label}
			titles={tabs.map((tab, index) => tab.props.title ?? `Tab ${index + 1}`)}
			panels={tabs}
		/>
	)
}

/** Tabbed code blocks: each fenced block is a tab named by its `title` (or its language). */
export function CodeGroup({ label = 'Code', children }: { label?: string; children: ReactNode }) {
	const blocks = elementsOf<CodeBlockProps>(children)
	return (
		<TabSet
			kind="code-group"
			label={label}
			titles={blocks.map(
				(block, index) =>
					block.props['data-title'] ?? block.props['data-language'] ?? `Code ${index + 1}`,
			)}
			panels={blocks}
		/>
	)
}

// ---------------------------------------------------------------------------------------------
// Code block: shiki's highlighted <pre> (done at build time) in a figure with an optional
// title and a copy button that only appears when scripts can use the clipboard.

export type CodeBlockProps = React.ComponentProps<'pre'> & {
	'data-title'?: string
	'data-language'?: string
}

export function CodeBlock({
	'data-title': title,
	'data-language': language,
	className,
	children,
	...pre
}: CodeBlockProps) {
	return (
		<figure data-block="code" className="group relative my-6">
			{title ? (
				<figcaption
					data-tab-title=""
					className="rounded-t-xl border border-b-0 border-slate-200 bg-slate-100 px-4 py-2 font-mono text-xs text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200"
				>
					{title}
				</figcaption>
			) : null}
			<pre
				{...pre}
				data-language={language}
				className={`${className ?? ''} overflow-x-auto border border-slate-200 px-4 py-3 text-sm leading-6 dark:border-slate-700 ${title ? 'rounded-b-xl' : 'rounded-xl'}`}
			>
				{children}
			</pre>
			<button
				type="button"
				data-copy=""
				hidden
				className="absolute bottom-2 right-2 rounded-md border border-slate-300 bg-white p-1.5 text-slate-700 opacity-80 hover:opacity-100 focus-visible:opacity-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200"
			>
				<Icon name="copy" className="h-4 w-4" />
				<span className="sr-only">{t('copyCode')}</span>
			</button>
			<span data-copy-status="" role="status" className="sr-only" />
		</figure>
	)
}
