/**
 * The matching screen's lists (docs/decisions/170): the credits not matched, each with its
 * reason and the owner's two ways out (assign to an order, dismiss); the transfers waiting; the
 * credits recorded lately. A payer's name and text are a stranger's words: shown as text only.
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { Time } from '~/components/admin/time'
import { listTableClasses, money } from '~/components/admin/ui'
import { SubmitButton } from '~/components/button'
import { Field, FormErrors } from '~/components/field'
import { formatDay } from '~/domain/dates'
import { inGroupsOfFour } from '~/domain/transfers/reference'
import { UNMATCHED_REASONS, type UnmatchedReason } from '~/domain/transfers/statement'
import { useValidatedForm } from '~/forms/use-form-validator'

type Entry = {
	id: string
	bookedOn: string
	amountMinor: number
	currency: string
	remittance: string
	payer: string
	status: string
	reason: UnmatchedReason | null
	orderId: string | null
}

export type EntryAnswer = {
	intent: string
	entry: string | null
	result: SubmissionResult<string[]>
}

/** Why an assignment was refused, next to the order field. */
export function assignRefusal(refused: UnmatchedReason | 'unknown-order' | 'resolved'): string {
	if (refused === 'unknown-order') return 'No order waits for a transfer with this id or reference.'
	if (refused === 'resolved') return 'This entry is not on the list any more.'
	return `${UNMATCHED_REASONS[refused]}.`
}

function AssignForm({ entry, answer }: { entry: Entry; answer: EntryAnswer | null }) {
	const mine = answer?.entry === entry.id ? answer : null
	const [form, fields] = useValidatedForm('adminStatementAssign', {
		id: `assign-${entry.id}`,
		lastResult: mine?.intent === 'assign' ? mine.result : undefined,
	})
	return (
		<Form method="post" {...getFormProps(form)} className="flex flex-wrap items-start gap-2">
			<input type="hidden" name="intent" value="assign" />
			<input type="hidden" name="entry" value={entry.id} />
			<Field
				label="Order or reference"
				meta={fields.order}
				inputProps={{ defaultValue: entry.orderId ?? undefined, autoComplete: 'off' }}
			/>
			<SubmitButton className="mt-5 text-sm">Assign</SubmitButton>
			<FormErrors id={form.errorId} errors={form.errors} />
		</Form>
	)
}

function DismissForm({ entry, answer }: { entry: Entry; answer: EntryAnswer | null }) {
	const mine = answer?.entry === entry.id && answer.intent === 'dismiss' ? answer : null
	return (
		<Form method="post" className="mt-2">
			<input type="hidden" name="intent" value="dismiss" />
			<input type="hidden" name="entry" value={entry.id} />
			<SubmitButton className="text-sm">Dismiss</SubmitButton>
			{mine ? (
				<FormErrors
					id={`dismiss-${entry.id}-error`}
					errors={mine.result.error?.[''] ?? undefined}
				/>
			) : null}
		</Form>
	)
}

function Payment({ entry }: { entry: Entry }) {
	return (
		<>
			<td>{formatDay(entry.bookedOn)}</td>
			<td>{money(entry.amountMinor, entry.currency)}</td>
			<td>{entry.payer || '—'}</td>
			<td className="[overflow-wrap:anywhere]">{entry.remittance || '—'}</td>
		</>
	)
}

export function UnmatchedEntries({
	entries,
	answer,
}: {
	entries: Entry[]
	answer: EntryAnswer | null
}) {
	return (
		<section aria-labelledby="unmatched" className="mb-8">
			<h2 id="unmatched" className="mb-2 font-semibold">
				Payments to assign
			</h2>
			{entries.length === 0 ? (
				<p>Every imported payment is matched, assigned or dismissed.</p>
			) : (
				<table className={listTableClasses}>
					<thead>
						<tr>
							<th>Booked</th>
							<th>Amount</th>
							<th>Payer</th>
							<th>Text</th>
							<th>Why not matched</th>
							<th>Assign or dismiss</th>
						</tr>
					</thead>
					<tbody>
						{entries.map((entry) => (
							<tr key={entry.id}>
								<Payment entry={entry} />
								<td>{entry.reason ? UNMATCHED_REASONS[entry.reason] : 'Not matched yet'}</td>
								<td>
									<AssignForm entry={entry} answer={answer} />
									<DismissForm entry={entry} answer={answer} />
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
		</section>
	)
}

type Waiting = {
	orderId: string
	reference: string
	currency: string
	dueMinor: number
	dueAt: string
}

export function WaitingTransfers({ transfers }: { transfers: Waiting[] }) {
	return (
		<section aria-labelledby="waiting" className="mb-8">
			<h2 id="waiting" className="mb-2 font-semibold">
				Waiting for a transfer
			</h2>
			{transfers.length === 0 ? (
				<p>No order waits for a transfer.</p>
			) : (
				<table className={listTableClasses}>
					<thead>
						<tr>
							<th>Order</th>
							<th>Reference</th>
							<th>Still due</th>
							<th>Due by</th>
						</tr>
					</thead>
					<tbody>
						{transfers.map((transfer) => (
							<tr key={transfer.orderId}>
								<td>
									<Link to={`/admin/orders/${transfer.orderId}`} className="underline">
										{transfer.orderId}
									</Link>
								</td>
								<td className="whitespace-nowrap">{inGroupsOfFour(transfer.reference)}</td>
								<td>{money(Number(transfer.dueMinor), transfer.currency)}</td>
								<td>
									<Time value={transfer.dueAt} />
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
		</section>
	)
}

const STATUS_WORDS: Record<string, string> = {
	matched: 'matched by its reference',
	assigned: 'assigned by the owner',
	dismissed: 'dismissed',
}

export function RecentEntries({ entries }: { entries: Entry[] }) {
	if (entries.length === 0) return null
	return (
		<section aria-labelledby="recent">
			<h2 id="recent" className="mb-2 font-semibold">
				Recently recorded or dismissed
			</h2>
			<table className={listTableClasses}>
				<thead>
					<tr>
						<th>Booked</th>
						<th>Amount</th>
						<th>Payer</th>
						<th>Text</th>
						<th>What became of it</th>
					</tr>
				</thead>
				<tbody>
					{entries.map((entry) => (
						<tr key={entry.id}>
							<Payment entry={entry} />
							<td>
								{STATUS_WORDS[entry.status] ?? entry.status}
								{entry.orderId && entry.status !== 'dismissed' ? (
									<>
										{' '}
										(<Link to={`/admin/orders/${entry.orderId}`}>order</Link>)
									</>
								) : null}
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</section>
	)
}
