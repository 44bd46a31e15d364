import { tableClasses } from './ui'

type Row = { id: string | null; when: string | null; capacity: number | null; count: number }

/** The overview's head count per workshop session (docs/decisions/110). */
export function SessionHeadCounts({ rows }: { rows: readonly Row[] }) {
	return (
		<table className={tableClasses}>
			<thead>
				<tr>
					<th scope="col">Session</th>
					<th scope="col">When</th>
					<th scope="col">Signed up</th>
					<th scope="col">Capacity</th>
				</tr>
			</thead>
			<tbody>
				{rows.map((row) => (
					<tr key={row.id ?? ''}>
						<td>{row.id ?? 'No session chosen'}</td>
						<td>{row.when ?? '—'}</td>
						<td>{row.count}</td>
						<td>{row.capacity ?? '—'}</td>
					</tr>
				))}
			</tbody>
		</table>
	)
}
