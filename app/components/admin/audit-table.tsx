/** The owners' audit log as a table (docs/decisions/081): on its page and on the overview. */

import { t } from '~/utils/i18n'
import { Time } from './time'
import { listTableClasses } from './ui'

export type AuditRow = {
	id: number
	at: string
	actor: string
	action: string
	target: string
	before: unknown
	after: unknown
	/** The client address acted from (decision 136); absent on lines written outside a request. */
	source?: string | null
}

export function AuditTable({ entries }: { entries: readonly AuditRow[] }) {
	return entries.length === 0 ? (
		<p>{t('noMatchingData')}</p>
	) : (
		<table className={listTableClasses}>
			<thead>
				<tr>
					<th scope="col">When</th>
					<th scope="col">Who</th>
					<th scope="col">From</th>
					<th scope="col">What</th>
					<th scope="col">Target</th>
					<th scope="col">Before</th>
					<th scope="col">After</th>
				</tr>
			</thead>
			<tbody>
				{entries.map((entry) => (
					<tr key={entry.id}>
						<td data-label="When">
							<Time value={entry.at} />
						</td>
						<td data-label="Who">{entry.actor}</td>
						<td data-label="From" className="font-mono [overflow-wrap:anywhere]">
							{entry.source ?? '—'}
						</td>
						<td data-label="What">{entry.action}</td>
						<td data-label="Target" className="font-mono [overflow-wrap:anywhere]">
							{entry.target}
						</td>
						<td data-label="Before" className="font-mono text-xs [overflow-wrap:anywhere]">
							{entry.before ? JSON.stringify(entry.before) : '—'}
						</td>
						<td data-label="After" className="font-mono text-xs [overflow-wrap:anywhere]">
							{entry.after ? JSON.stringify(entry.after) : '—'}
						</td>
					</tr>
				))}
			</tbody>
		</table>
	)
}
