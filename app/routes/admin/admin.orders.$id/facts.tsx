/** Facts about one record on an owner page, as a term list: a term and its value per row. */
import type { ReactNode } from 'react'

export function Facts({ rows }: { rows: [string, ReactNode][] }) {
	return (
		<dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm sm:gap-x-6">
			{rows.map(([term, value]) => (
				<div key={term} className="contents">
					<dt className="font-medium">{term}</dt>
					<dd className="break-all">{value}</dd>
				</div>
			))}
		</dl>
	)
}
