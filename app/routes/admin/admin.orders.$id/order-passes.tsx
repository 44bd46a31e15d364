/**
 * An order's passes on its owner page (docs/decisions/082, 113), or its seats to share for a
 * course order (docs/decisions/118): each link's holder, when it was claimed, and the way to give
 * an unclaimed one a new link, to correct a claimed one's address (157), or to refund one
 * (docs/decisions/123); one refunded stays listed,
 * with when (docs/decisions/150).
 */
import { Link } from '@remix-run/react'
import { CopyableId } from '~/components/admin/copyable-id'
import { Time } from '~/components/admin/time'
import { listTableClasses } from '~/components/admin/ui'

const NO_LINKS = {
	seat: 'No seat links: one seat is its buyer’s own, or the order is not paid.',
	pass: 'No passes: this item does not issue them, or the order is not paid.',
}

export function OrderPasses({
	unit,
	passes,
	reassignLink,
	refundLink = null,
	changeHolderLink = null,
}: {
	unit: 'pass' | 'seat'
	passes: {
		id: string
		holderName: string | null
		holderEmail: string | null
		claimedAt: string | null
		/** Refunded on its own, or with its whole order. */
		refundedAt: string | null
	}[]
	/** The confirmation link reassigning a pass, or null when the order is not paid. */
	reassignLink: ((passId: string) => string) | null
	/** The confirmation link refunding one pass (docs/decisions/123), or null. */
	refundLink?: ((passId: string) => string) | null
	/** The confirmation link correcting a claimed holder's address (docs/decisions/157), or null. */
	changeHolderLink?: ((passId: string) => string) | null
}) {
	const Unit = unit === 'seat' ? 'Seat' : 'Pass'
	return (
		<section aria-labelledby="order-passes" className="mt-8">
			<h2 id="order-passes" className="mb-2 font-semibold">
				{unit === 'seat' ? 'Seats' : 'Passes'}
			</h2>
			{passes.length === 0 ? (
				<p className="text-sm">{NO_LINKS[unit]}</p>
			) : (
				<table className={listTableClasses}>
					<thead>
						<tr>
							<th scope="col">{Unit}</th>
							<th scope="col">Holder</th>
							<th scope="col">Claimed</th>
							<th scope="col">Refunded</th>
							<th scope="col">
								<span className="sr-only">Actions</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{passes.map((pass) => (
							<tr key={pass.id}>
								<td data-label={Unit} className="font-mono">
									<CopyableId id={pass.id} what={`${unit} id`} />
								</td>
								<td data-label="Holder" className="[overflow-wrap:anywhere]">
									{[pass.holderName, pass.holderEmail].filter(Boolean).join(' · ') || '—'}
								</td>
								<td data-label="Claimed">
									<Time value={pass.claimedAt} />
								</td>
								<td data-label="Refunded">
									<Time value={pass.refundedAt} />
								</td>
								<td className="space-x-3">
									{!pass.refundedAt && !pass.claimedAt && reassignLink ? (
										<Link to={reassignLink(pass.id)} className="underline">
											Reassign…
										</Link>
									) : null}
									{!pass.refundedAt && pass.claimedAt && changeHolderLink ? (
										<Link
											to={changeHolderLink(pass.id)}
											className="underline"
											aria-label={`Correct the address of ${unit} ${pass.id}`}
										>
											Correct address…
										</Link>
									) : null}
									{!pass.refundedAt && refundLink ? (
										<Link
											to={refundLink(pass.id)}
											className="underline"
											aria-label={`Refund ${unit} ${pass.id}`}
										>
											Refund…
										</Link>
									) : null}
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
		</section>
	)
}
