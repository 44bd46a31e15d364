/**
 * /admin/people/:ref: everything about one e-mail address (issue 27, docs/decisions/114) — its
 * orders, the seats and passes they give, the passes it holds, its sign-ups, the e-mails sent to
 * it and their state, and the owners' audit lines about those — with links to the actions that
 * apply, on the pages that already do them (refund, resend, reassign: the order's page, decision
 * 082; retry: the e-mail's page). `ref` is an opaque reference (http/person-ref.server.ts), so no
 * address is in the path; anything else there is this page's 404.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Time } from '~/components/admin/time'
import { adminMeta, money } from '~/components/admin/ui'
import { getDb } from '~/db/client.server'
import { DELIVERY_LABELS } from '~/domain/delivery'
import { countOf, PASS, SEAT } from '~/domain/words'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { emailOfPersonPage } from '~/http/person-ref.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { getPerson, passReassignable } from '~/models/leads/person.server'
import { requireFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Person')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const owner = await requireOwner(request, context)
	const { pathname } = new URL(request.url)
	const email = requireFound(emailOfPersonPage(params.ref ?? ''), pathname)
	const db = await getDb()
	const person = requireFound(await getPerson(db, email), pathname)
	// Everything about one person: who looked, and from where, is logged (decision 136).
	await recordOwnerAction(db, {
		actor: owner.name,
		action: 'read-person',
		target: `person:${params.ref}`,
	})
	const iso = (date: Date | null) => date?.toISOString() ?? null
	return data(
		{
			email: person.email,
			names: person.names,
			seatsBought: person.seatsBought,
			seatsHeld: person.seatsHeld,
			passCount: person.passCount,
			orders: person.orders.map((order) => ({
				id: order.id,
				createdAt: order.createdAt.toISOString(),
				status: order.status,
				item: `${order.quantity} × ${order.itemName}`,
				amount: money(order.amountMinor, order.currency),
			})),
			passes: person.passes.map((pass) => ({
				id: pass.id,
				orderId: pass.orderId,
				itemName: pass.itemName,
				unit: pass.unit,
				holder: [pass.holderName, pass.holderEmail].filter(Boolean).join(' · '),
				claimedAt: iso(pass.claimedAt),
				bought: pass.bought,
				held: pass.held,
				reassignable: pass.bought && passReassignable(pass),
			})),
			signUps: person.signUps.map((lead) => ({
				id: lead.id,
				list: lead.list,
				createdAt: lead.createdAt.toISOString(),
				confirmedAt: iso(lead.confirmedAt),
				partnerKey: lead.partnerKey,
			})),
			emails: person.emails.map((message) => ({
				...message,
				createdAt: message.createdAt.toISOString(),
				stateLabel: DELIVERY_LABELS[message.state],
			})),
			audit: person.audit.map((line) => ({
				id: line.id,
				at: line.at.toISOString(),
				actor: line.actor,
				action: line.action,
				target: line.target,
				change: [line.before, line.after].map((value) => (value ? JSON.stringify(value) : '—')),
			})),
			more: person.more,
			// The filtered lists behind each section: the address goes in their query strings, as
			// the lists' own filters put it (never logged, decision 069).
			lists: {
				orders: `/admin/orders?email=${encodeURIComponent(person.email)}`,
				leads: `/admin/leads?email=${encodeURIComponent(person.email)}`,
				emails: `/admin/email?to=${encodeURIComponent(person.email)}`,
			},
		},
		{ headers: ADMIN_HEADERS },
	)
}

export const action = ownerOnlyAction

function Section({
	id,
	title,
	empty,
	children,
}: {
	id: string
	title: string
	empty: boolean
	children: ReactNode
}) {
	return (
		<section aria-labelledby={id} className="mt-8">
			<h2 id={id} className="mb-2 font-semibold">
				{title}
			</h2>
			{empty ? <p className="text-sm">None.</p> : children}
		</section>
	)
}

const itemClasses = 'break-words py-2 text-sm'
const listClasses = 'divide-y divide-slate-200 dark:divide-slate-800'
const mutedClasses = 'text-slate-600 dark:text-slate-400'

function MoreLink({ shown, to, label }: { shown: boolean; to: string; label: string }) {
	return shown ? (
		<p className="mt-2 text-sm">
			Only the latest are shown:{' '}
			<Link to={to} className="underline">
				{label}
			</Link>
		</p>
	) : null
}

export default function AdminPerson() {
	const data = useLoaderData<typeof loader>()
	const { orders, passes, signUps, emails, audit } = data
	return (
		<>
			{/* AdminHeading's, but an address is one long word that must break on a phone. */}
			<div className="mb-6 flex flex-wrap items-end justify-between gap-4">
				<h1 className="min-w-0 [overflow-wrap:anywhere] text-2xl font-bold tracking-tight">
					{data.email}
				</h1>
				<Link to="/admin/search" className="text-sm underline">
					Find anyone
				</Link>
			</div>
			<p className="-mt-4 break-words">
				{[
					...(data.names.length > 0 ? [data.names.join(', ')] : []),
					countOf(orders.length, { one: 'order', other: 'orders' }),
					`${countOf(data.seatsBought, SEAT)} bought`,
					`${countOf(data.seatsHeld, SEAT)} held`,
					countOf(data.passCount, PASS),
					countOf(signUps.length, { one: 'sign-up', other: 'sign-ups' }),
					countOf(emails.length, { one: 'e-mail', other: 'e-mails' }),
				].join(' · ')}
			</p>

			<Section id="person-orders" title="Orders" empty={orders.length === 0}>
				<ul className={listClasses}>
					{orders.map((order) => (
						<li key={order.id} className={itemClasses}>
							<Link
								to={`/admin/orders/${order.id}`}
								className="[overflow-wrap:anywhere] font-mono underline"
							>
								{order.id}
							</Link>{' '}
							· {order.status} · {order.item} · {order.amount}
							<span className={`block ${mutedClasses}`}>
								<Time value={order.createdAt} />
							</span>
							{order.status === 'paid' ? (
								<span className="mt-1 flex flex-wrap gap-x-4">
									<Link to={`/admin/orders/${order.id}?confirm=refund`} className="underline">
										Refund…
									</Link>
									<Link
										to={`/admin/orders/${order.id}?confirm=resend-receipt`}
										className="underline"
									>
										Resend receipt…
									</Link>
								</span>
							) : null}
						</li>
					))}
				</ul>
				<MoreLink shown={data.more.orders} to={data.lists.orders} label="all their orders" />
			</Section>

			<Section id="person-passes" title="Passes and seats" empty={passes.length === 0}>
				<ul className={listClasses}>
					{passes.map((pass) => (
						<li key={pass.id} className={itemClasses}>
							<span className="[overflow-wrap:anywhere] font-mono">{pass.id}</span> · {pass.unit} ·{' '}
							{pass.itemName} ·{' '}
							{pass.bought && pass.held ? 'bought and held' : pass.bought ? 'bought' : 'held'}
							<span className={`block ${mutedClasses}`}>
								{pass.claimedAt ? (
									<>
										Claimed <Time value={pass.claimedAt} /> by {pass.holder}
									</>
								) : (
									'Not claimed yet'
								)}
								{' · '}order{' '}
								<Link
									to={`/admin/orders/${pass.orderId}`}
									className="[overflow-wrap:anywhere] font-mono underline"
								>
									{pass.orderId}
								</Link>
							</span>
							{pass.reassignable ? (
								<Link
									to={`/admin/orders/${pass.orderId}?confirm=reassign-pass&pass=${encodeURIComponent(pass.id)}`}
									className="underline"
								>
									Reassign…
								</Link>
							) : null}
						</li>
					))}
				</ul>
			</Section>

			<Section id="person-signups" title="Sign-ups" empty={signUps.length === 0}>
				<ul className={listClasses}>
					{signUps.map((lead) => (
						<li key={lead.id} className={itemClasses}>
							{lead.list} · signed up <Time value={lead.createdAt} /> ·{' '}
							{lead.confirmedAt ? (
								<>
									confirmed <Time value={lead.confirmedAt} />
								</>
							) : (
								'not confirmed'
							)}
							{lead.partnerKey ? ` · partner ${lead.partnerKey}` : ''}
						</li>
					))}
				</ul>
				<p className="mt-2 text-sm">
					<Link to={data.lists.leads} className="underline">
						Their sign-ups in the leads list
					</Link>
				</p>
			</Section>

			<Section id="person-emails" title="E-mails sent" empty={emails.length === 0}>
				<ul className={listClasses}>
					{emails.map((message) => (
						<li key={message.id} className={itemClasses}>
							<Link to={`/admin/email/${message.id}`} className="underline">
								{message.subject}
							</Link>
							<span className={`block ${mutedClasses}`}>
								<Time value={message.createdAt} /> · {message.stateLabel}
								{message.error ? ` · ${message.error}` : ''}
							</span>
							{message.state === 'failed' ? (
								<Link to={`/admin/email/${message.id}`} className="underline">
									Retry on its page…
								</Link>
							) : null}
						</li>
					))}
				</ul>
				<MoreLink shown={data.more.emails} to={data.lists.emails} label="all e-mails to them" />
			</Section>

			<Section id="person-audit" title="Owner actions" empty={audit.length === 0}>
				<ul className={listClasses}>
					{audit.map((line) => (
						<li key={line.id} className={itemClasses}>
							<Time value={line.at} /> · {line.actor} · {line.action} ·{' '}
							<span className="[overflow-wrap:anywhere] font-mono">{line.target}</span>
							<span className={`block [overflow-wrap:anywhere] font-mono text-xs ${mutedClasses}`}>
								{line.change[0]} → {line.change[1]}
							</span>
						</li>
					))}
				</ul>
			</Section>
		</>
	)
}
