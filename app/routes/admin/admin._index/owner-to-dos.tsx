/**
 * What the overview tells the owner beside the sale (issue 36, item 13; docs/decisions/157): how
 * long each waiting list is, and which ended workshop sessions' follow-up waits for its link.
 */
import { Link } from '@remix-run/react'
import { Figure } from './figure'

/** Each product's waiting list: the people still waiting and the seats they want. */
export function WaitlistLengths({
	lists,
}: {
	lists: readonly { itemCode: string; itemName: string; people: number; seats: number }[]
}) {
	return (
		<>
			{lists.length > 0 ? (
				<dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
					{lists.map((list) => (
						<Figure
							key={list.itemCode}
							label={`${list.itemName}: waiting list`}
							value={`${list.people} waiting · ${list.seats} wanted`}
						/>
					))}
				</dl>
			) : null}
			<p className="mt-2 text-sm">
				{lists.length === 0 ? 'Nobody is on a waiting list. ' : null}
				<Link to="/admin/waitlist" className="underline">
					The waiting list
				</Link>
			</p>
		</>
	)
}

/** The ended sessions (their time, as the head counts show it) whose follow-up has no link yet. */
export function FollowUpsWaiting({ sessions }: { sessions: readonly string[] }) {
	return sessions.map((when) => (
		<p key={when} className="mt-2 text-sm font-medium">
			{`${when}: follow-up waiting for a link. `}
			<Link to="/admin/follow-ups" className="underline">
				Set it
			</Link>
		</p>
	))
}
