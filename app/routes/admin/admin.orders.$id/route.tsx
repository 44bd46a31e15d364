/**
 * /admin/orders/:id: one order — its item, payment, attribution, passes and their claims, the
 * e-mails sent to the buyer — and the owner's actions on it (docs/decisions/082): refund through
 * the provider, resend the receipt, reassign an unclaimed pass. Each action is two steps that
 * work without JavaScript: a link to `?confirm=<action>` shows what will happen and a form
 * (routes/admin/admin.orders.$id/order-confirm.tsx); posting that form does it. The form goes through the
 * form pipeline (docs/decisions/065).
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { AuditTable } from '~/components/admin/audit-table'
import { CopyableId } from '~/components/admin/copyable-id'
import { Time } from '~/components/admin/time'
import { AdminHeading, adminMeta, money } from '~/components/admin/ui'
import { buttonClasses } from '~/components/button-classes'
import { getDb } from '~/db/client.server'
import { newPublicId } from '~/db/public-id.server'
import { parseForm } from '~/forms/parse.server'
import { ADMIN_HEADERS, requireOwner } from '~/http/owner.server'
import { personPath } from '~/http/person-ref.server'
import { requireStepUp } from '~/http/step-up.server'
import { redirectWithToast } from '~/http/toast.server'
import { getOrderDetail } from '~/models/checkout/orders.server'
import { readForm, requireFound } from '~/utils/responses'
import { Facts } from './facts'
import { ConfirmAction } from './order-confirm'
import { OrderEmails } from './order-emails'
import { OrderPasses } from './order-passes'
import { runOrderCommand } from './run-command.server'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Order')
export const headers = () => ADMIN_HEADERS

const CONFIRMABLE = [
	'refund',
	'refund-pass',
	'refund-amount',
	'resend-receipt',
	'reassign-pass',
	'change-holder',
] as const
type Confirmable = (typeof CONFIRMABLE)[number]
const isConfirmable = (value: string | null): value is Confirmable =>
	(CONFIRMABLE as readonly (string | null)[]).includes(value)

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const url = new URL(request.url)
	const detail = requireFound(await getOrderDetail(await getDb(), params.id ?? ''), url.pathname)
	const { order } = detail
	const confirmParam = url.searchParams.get('confirm')
	const passId = url.searchParams.get('pass')
	const confirm = isConfirmable(confirmParam) ? confirmParam : null
	return data(
		{
			order: {
				...order,
				createdAt: order.createdAt.toISOString(),
				paidAt: order.paidAt?.toISOString() ?? null,
				// The last refund of any kind: a partial one leaves the order's own empty (150).
				refundedAt: (order.refundedAt ?? detail.refunds.at(-1)?.createdAt)?.toISOString() ?? null,
				receiptSentAt: order.receiptSentAt?.toISOString() ?? null,
				expiresAt: order.expiresAt.toISOString(),
				updatedAt: order.updatedAt.toISOString(),
				verifiedAt: order.verifiedAt?.toISOString() ?? null,
			},
			itemName: detail.itemName,
			discountNote: detail.discountNote,
			// A course order's links are seats to share (docs/decisions/118).
			unit: detail.itemType === 'course' ? ('seat' as const) : ('pass' as const),
			// Those refunded on their own stay listed, marked refunded (docs/decisions/150).
			passes: [
				...detail.passes.map((pass) => ({ ...pass, refundedAt: order.refundedAt })),
				...detail.refundedPasses,
			].map((pass) => ({
				id: pass.id,
				holderName: pass.holderName,
				holderEmail: pass.holderEmail,
				claimedAt: pass.claimedAt?.toISOString() ?? null,
				refundedAt: pass.refundedAt?.toISOString() ?? null,
			})),
			events: detail.events.map((event) => ({
				id: event.id,
				type: event.type,
				receivedAt: event.receivedAt.toISOString(),
			})),
			emails: detail.emails.map((email) => ({
				id: email.id,
				to: email.to,
				subject: email.subject,
				createdAt: email.createdAt.toISOString(),
				state: email.state,
				outcomeUnknown: email.outcomeUnknown,
			})),
			actions: detail.actions.map((action) => ({
				...action,
				at: action.at.toISOString(),
			})),
			confirm,
			confirmPass: confirm?.endsWith('-pass') || confirm === 'change-holder' ? passId : null,
			// An amount refund's idempotency key: the form shown once refunds once (decision 123).
			refundKey: confirm === 'refund-amount' ? newPublicId() : null,
			// Everything about the buyer (docs/decisions/114), by an opaque reference.
			buyerPage: order.email ? personPath(order.email) : null,
		},
		{ headers: ADMIN_HEADERS },
	)
}

export async function action({ request, context, params }: ActionFunctionArgs) {
	const owner = await requireOwner(request, context)
	const id = params.id ?? ''
	const form = await readForm(request)
	const submission = parseForm('adminOrderAction', form)
	if (submission.status !== 'success')
		return data(submission.reply(), { status: 400, headers: ADMIN_HEADERS })
	const command = submission.value
	// Money leaves for good: a refund needs a recent second factor (decision 136).
	if (command.intent.startsWith('refund')) await requireStepUp(request, context, owner, form)
	const outcome = await runOrderCommand(await getDb(), owner, id, command, context.origin)
	if (!outcome.ok)
		return data(
			submission.reply(
				'field' in outcome
					? { fieldErrors: { [outcome.field]: [outcome.message] } }
					: { formErrors: [outcome.message] },
			),
			{
				status: 409,
				headers: ADMIN_HEADERS,
			},
		)
	return redirectWithToast(
		`/admin/orders/${encodeURIComponent(id)}`,
		{ title: outcome.message, type: 'success' },
		context,
		{ status: 303, headers: ADMIN_HEADERS },
	)
}

export default function AdminOrder() {
	const data = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const { order, itemName, discountNote, unit, passes, events, emails, actions } = data
	const confirmLink = (action: Confirmable, pass?: string) =>
		`?confirm=${action}${pass ? `&pass=${encodeURIComponent(pass)}` : ''}`
	return (
		<>
			<AdminHeading title={`Order ${order.id}`}>
				<CopyableId id={order.id} what="order id" />
				<p className="flex flex-wrap gap-x-4 text-sm">
					{data.buyerPage ? (
						<Link to={data.buyerPage} className="underline">
							The buyer’s page
						</Link>
					) : null}
					<Link to="/admin/orders" className="underline">
						All orders
					</Link>
				</p>
			</AdminHeading>
			<ConfirmAction
				order={order}
				confirm={data.confirm}
				confirmPass={data.confirmPass}
				refundKey={data.refundKey}
				unit={unit}
				lastResult={lastResult}
			/>
			{order.status === 'pending' && order.provider === 'transfer' ? (
				<p className="mb-6">
					<Link to="transfer" relative="path" className={buttonClasses('secondary')}>
						Record a transfer received…
					</Link>{' '}
					<Link to="/admin/transfers" className="underline">
						Import a bank statement
					</Link>
				</p>
			) : null}
			{order.status === 'paid' ? (
				<p className="mb-6 flex flex-wrap gap-3">
					<Link to={confirmLink('refund')} className={buttonClasses('secondary')}>
						Refund…
					</Link>
					<Link to={confirmLink('refund-amount')} className={buttonClasses('secondary')}>
						Refund an amount…
					</Link>
					{order.email ? (
						<Link to={confirmLink('resend-receipt')} className={buttonClasses('secondary')}>
							Resend receipt…
						</Link>
					) : null}
				</p>
			) : null}
			<div className="grid gap-8 lg:grid-cols-2">
				<section aria-labelledby="order-facts">
					<h2 id="order-facts" className="mb-2 font-semibold">
						Order
					</h2>
					<Facts
						rows={[
							[
								'Status',
								// A delayed payment under way (decision 164): pending, its seats held for it.
								order.status === 'pending' && order.awaitingPaymentSince ? (
									<span key="status">
										pending: payment on its way, seats held until <Time value={order.expiresAt} />
									</span>
								) : (
									order.status
								),
							],
							['Item', `${order.quantity} × ${itemName} (${order.itemCode})`],
							['Unit price', money(order.unitAmountMinor, order.currency)],
							[
								'Discount',
								`${money(order.discountMinor, order.currency)}${discountNote ? ` (${discountNote})` : ''}`,
							],
							['Total', money(order.amountMinor, order.currency)],
							// Partial refunds, then all of it once refunded (docs/decisions/123).
							['Amount refunded', money(order.refundedMinor, order.currency)],
							['Region', order.region],
							['Buyer', [order.customerName, order.email].filter(Boolean).join(' · ') || '—'],
							['Created', <Time key="created" value={order.createdAt} />],
							['Paid', <Time key="paid" value={order.paidAt} />],
							['Refunded', <Time key="refunded" value={order.refundedAt} />],
							['Receipt sent', <Time key="receipt" value={order.receiptSentAt} />],
						]}
					/>
				</section>
				<section aria-labelledby="order-payment">
					<h2 id="order-payment" className="mb-2 font-semibold">
						Payment and attribution
					</h2>
					<Facts
						rows={[
							['Provider', order.provider],
							[
								'Payment id',
								order.paymentIntentId ? (
									<CopyableId key="payment" id={order.paymentIntentId} what="payment id" />
								) : (
									'—'
								),
							],
							[
								'Session id',
								order.providerSessionId ? (
									<CopyableId key="session" id={order.providerSessionId} what="session id" />
								) : (
									'—'
								),
							],
							['Coupon', order.couponCode ?? '—'],
							['Partner', order.affiliate ?? '—'],
							['Attribution', JSON.stringify(order.attribution)],
							...events.map((event): [string, ReactNode] => [
								`Event ${event.type}`,
								<span key={event.id}>
									<Time value={event.receivedAt} /> · {event.id}
								</span>,
							]),
						]}
					/>
				</section>
			</div>
			<OrderPasses
				unit={unit}
				passes={passes}
				reassignLink={order.status === 'paid' ? (pass) => confirmLink('reassign-pass', pass) : null}
				refundLink={order.status === 'paid' ? (pass) => confirmLink('refund-pass', pass) : null}
				changeHolderLink={
					order.status === 'paid' ? (pass) => confirmLink('change-holder', pass) : null
				}
			/>
			<OrderEmails emails={emails} />
			<section aria-labelledby="order-actions" className="mt-8">
				<h2 id="order-actions" className="mb-2 font-semibold">
					Owner actions
				</h2>
				<AuditTable entries={actions} />
			</section>
		</>
	)
}
