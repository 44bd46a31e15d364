import { listTableClasses } from '~/components/admin/ui'

type Row = {
	id: string | null
	when: string | null
	capacity: number | null
	count: number
	awaiting: number
}

/**
 * The overview's head count per workshop session (docs/decisions/110), in the seat rules' terms
 * (decision 131): the places that count for good, and beside them the unconfirmed ones still
 * held. One cell for both keeps the table within a 375 px phone (four columns, as before).
 */
export function SessionHeadCounts({ rows }: { rows: readonly Row[] }) {
	return (
		<>
			<p className="text-sm">
				Confirmed places, and in brackets those awaiting confirmation: sign-ups whose place is held
				until the e-mail’s link is followed or the hold ends. A place whose hold ended is in
				neither.
			</p>
			{/* Cards on a phone (decision 111): a session's id squeezed into a column split inside. */}
			<table className={listTableClasses}>
				<thead>
					<tr>
						<th scope="col">Session</th>
						<th scope="col">When</th>
						<th scope="col">Confirmed</th>
						<th scope="col">Capacity</th>
					</tr>
				</thead>
				<tbody>
					{rows.map((row) => (
						<tr key={row.id ?? ''}>
							<td data-label="Session">{row.id ?? 'No session chosen'}</td>
							<td data-label="When">{row.when ?? '—'}</td>
							<td data-label="Confirmed">
								{row.awaiting > 0 ? `${row.count} (+${row.awaiting} awaiting)` : row.count}
							</td>
							<td data-label="Capacity">{row.capacity ?? '—'}</td>
						</tr>
					))}
				</tbody>
			</table>
		</>
	)
}
