/**
 * Where a bulk send stands (docs/decisions/119): how many of its recipients are queued, sent,
 * kept in the outbox, failed or passed over because they unsubscribed.
 */
import type { SendProgress } from '~/models/messages/bulk-send.server'

const LABELS: [keyof Omit<SendProgress, 'total'>, string][] = [
	['queued', 'queued'],
	['sent', 'sent'],
	['outboxOnly', 'kept in the outbox'],
	['failed', 'failed'],
	['skipped', 'skipped (unsubscribed)'],
]

/** "3 queued · 5 sent · 1 skipped (unsubscribed)", with the states at zero left out but queued and sent. */
export function progressText(progress: SendProgress): string {
	return LABELS.filter(([key]) => progress[key] > 0 || key === 'queued' || key === 'sent')
		.map(([key, label]) => `${progress[key]} ${label}`)
		.join(' · ')
}

export function SendProgressList({ progress }: { progress: SendProgress }) {
	return (
		<dl
			aria-label="Progress"
			className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm"
		>
			<dt className="font-medium">Recipients</dt>
			<dd>{progress.total}</dd>
			{LABELS.map(([key, label]) => (
				<div key={key} className="contents">
					<dt className="font-medium first-letter:uppercase">{label}</dt>
					<dd>{progress[key]}</dd>
				</div>
			))}
		</dl>
	)
}
