import { Icon } from '~/components/icons'

/** A list of short lines, each behind a check mark; `compact` for lists inside a card. */
export function CheckList({
	items,
	compact = false,
}: {
	items: readonly string[]
	compact?: boolean
}) {
	return (
		<ul className={compact ? 'mt-4 space-y-2' : 'space-y-3'}>
			{items.map((line) => (
				<li
					key={line}
					className={compact ? 'flex gap-2 text-slate-700 dark:text-slate-300' : 'flex gap-3'}
				>
					<Icon
						name="check"
						className={`mt-1 shrink-0 text-emerald-600 dark:text-emerald-400 ${compact ? 'h-4 w-4' : 'h-5 w-5'}`}
					/>
					<span>{line}</span>
				</li>
			))}
		</ul>
	)
}
