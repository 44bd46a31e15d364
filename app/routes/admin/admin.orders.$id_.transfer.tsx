/**
 * /admin/orders/:id/transfer (issue 37 item 2, docs/decisions/168): the owner records money that
 * reached the account by bank transfer for an order waiting for it: the amount and the day. A
 * part is recorded and the rest stays due; once the amount is covered the order is paid as a card
 * payment is (seats, links, receipt, the invoice's money). Audited. Works without JavaScript.
 */
import { getFormProps } from '@conform-to/react'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AdminHeading, adminMeta, money } from '~/components/admin/ui'
import { SubmitButton } from '~/components/button'
import { Field, FormErrors } from '~/components/field'
import { getDb } from '~/db/client.server'
import { minorUnitsPerMajor } from '~/domain/pricing'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { ADMIN_HEADERS, requireOwner } from '~/http/owner.server'
import { redirectWithToast } from '~/http/toast.server'
import { findTransfer, recordTransferReceived } from '~/models/transfers/index.server'
import { readForm, requireFound } from '~/utils/responses'

export const meta = adminMeta('Transfer received')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const pathname = new URL(request.url).pathname
	const transfer = requireFound(await findTransfer(await getDb(), params.id ?? ''), pathname)
	return data({ transfer }, { headers: ADMIN_HEADERS })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
	const owner = await requireOwner(request, context)
	const pathname = new URL(request.url).pathname
	const db = await getDb()
	const transfer = requireFound(await findTransfer(db, params.id ?? ''), pathname)
	const submission = parseForm('adminTransferReceived', await readForm(request))
	if (submission.status !== 'success')
		return data(submission.reply(), { status: 400, headers: ADMIN_HEADERS })
	const amountMinor = Math.round(
		Number(submission.value.amount) * minorUnitsPerMajor(transfer.currency),
	)
	const result = await recordTransferReceived(db, transfer.orderId, {
		amountMinor,
		receivedOn: submission.value.receivedOn,
		actor: owner.name,
	})
	if ('refused' in result)
		return data(
			submission.reply(
				result.refused === 'too-much'
					? {
							fieldErrors: {
								amount: [`At most ${money(transfer.dueMinor, transfer.currency)} is due.`],
							},
						}
					: { formErrors: ['This order no longer waits for a transfer.'] },
			),
			{ status: 409, headers: ADMIN_HEADERS },
		)
	return redirectWithToast(
		`/admin/orders/${encodeURIComponent(transfer.orderId)}`,
		{
			title:
				result.status === 'paid'
					? 'Paid: the seat links and the receipt are on their way to the buyer.'
					: `Recorded: ${money(result.dueMinor, transfer.currency)} still due.`,
			type: 'success',
		},
		context,
		{ status: 303, headers: ADMIN_HEADERS },
	)
}

export default function TransferReceived() {
	const { transfer } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const [form, fields] = useValidatedForm('adminTransferReceived', {
		id: 'transfer-received',
		lastResult,
	})
	return (
		<>
			<AdminHeading title={`Transfer received for order ${transfer.orderId}`}>
				<p className="text-sm">
					<Link to={`/admin/orders/${transfer.orderId}`} className="underline">
						Back to the order
					</Link>
				</p>
			</AdminHeading>
			<p className="mb-4">
				{`Reference ${transfer.reference}, invoice ${transfer.invoice.number}, ${money(transfer.dueMinor, transfer.currency)} due by ${transfer.dueDay}; status ${transfer.status}.`}
			</p>
			<Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-2">
				<Field
					label="Amount received"
					meta={fields.amount}
					hint={`In ${transfer.currency.toUpperCase()}. Less than is due is recorded; the rest stays due.`}
					inputProps={{ inputMode: 'decimal' }}
				/>
				<Field
					label="Received on"
					meta={fields.receivedOn}
					hint="The day on the bank statement, as YYYY-MM-DD."
					inputProps={{ placeholder: 'YYYY-MM-DD' }}
				/>
				<FormErrors id={form.errorId} errors={form.errors} prominent />
				<SubmitButton>Record the transfer</SubmitButton>
			</Form>
		</>
	)
}
