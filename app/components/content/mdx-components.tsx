/**
 * What MDX renders each markdown element and each block as. Used only when the site is built:
 * the browser receives the resulting HTML, never this module.
 */
import type { ComponentProps } from 'react'
import * as blocks from './blocks'
import { TableFrame } from './blocks'
import * as tabsAndCode from './tabs-and-code'
import { CodeBlock } from './tabs-and-code'

/** h2 and h3 link to themselves, so a reader can share a section. */
function heading(Tag: 'h2' | 'h3' | 'h4', className: string) {
	return function Heading({ id, children, ...props }: ComponentProps<'h2'>) {
		return (
			<Tag id={id} {...props} className={`group scroll-mt-6 ${className}`}>
				{id ? (
					<a href={`#${id}`} className="no-underline hover:underline">
						{children}
					</a>
				) : (
					children
				)}
			</Tag>
		)
	}
}

function Anchor({ href = '', children, ...props }: ComponentProps<'a'>) {
	const external = /^https?:\/\//.test(href)
	return (
		<a
			href={href}
			{...props}
			{...(external ? { rel: 'noopener noreferrer' } : {})}
			className="font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-600 dark:text-indigo-300 dark:decoration-indigo-700 dark:hover:decoration-indigo-300"
		>
			{children}
		</a>
	)
}

export const mdxComponents = {
	h2: heading('h2', 'mb-4 mt-12 text-2xl font-bold tracking-tight'),
	h3: heading('h3', 'mb-3 mt-8 text-xl font-semibold'),
	h4: heading('h4', 'mb-2 mt-6 font-semibold'),
	p: (props: ComponentProps<'p'>) => <p className="my-4 leading-7" {...props} />,
	a: Anchor,
	ul: (props: ComponentProps<'ul'>) => (
		<ul className="my-4 list-disc space-y-1 pl-6 marker:text-slate-500" {...props} />
	),
	ol: (props: ComponentProps<'ol'>) => (
		<ol className="my-4 list-decimal space-y-1 pl-6 marker:text-slate-500" {...props} />
	),
	li: (props: ComponentProps<'li'>) => <li className="leading-7 [&>p]:my-1" {...props} />,
	blockquote: (props: ComponentProps<'blockquote'>) => (
		<blockquote
			className="my-6 border-l-4 border-indigo-300 pl-4 italic text-slate-700 dark:border-indigo-700 dark:text-slate-300"
			{...props}
		/>
	),
	hr: () => <hr className="my-10 border-slate-200 dark:border-slate-800" />,
	code: (props: ComponentProps<'code'>) => (
		<code
			className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.875em] text-slate-900 dark:bg-slate-800 dark:text-slate-100"
			{...props}
		/>
	),
	pre: CodeBlock,
	table: TableFrame,
	thead: (props: ComponentProps<'thead'>) => (
		<thead className="bg-slate-50 dark:bg-slate-900" {...props} />
	),
	th: (props: ComponentProps<'th'>) => (
		<th
			className="border-b border-slate-200 px-4 py-2 font-semibold dark:border-slate-700"
			{...props}
		/>
	),
	td: (props: ComponentProps<'td'>) => (
		<td
			className="border-b border-slate-100 px-4 py-2 align-top dark:border-slate-800"
			{...props}
		/>
	),
	// Every block by its name, as the MDX files use them (README: Content).
	...blocks,
	...tabsAndCode,
}
