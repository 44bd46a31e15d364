/**
 * Small parts the landing pages share: one module, so the event pages that use both fetch one
 * file (docs/decisions/129).
 */
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
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

/** Shown instead of a sign-up form while its signed-up flag is set (SPEC §3, §4). */
export function SignedUpNotice({ next, children }: { next: string; children: ReactNode }) {
	return (
		<p role="status" className="font-medium text-emerald-700 dark:text-emerald-400">
			{children}{' '}
			<Link to={next} className="underline">
				What happens next
			</Link>
		</p>
	)
}
