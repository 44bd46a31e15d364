/**
 * The second step of an owner's action on an order (docs/decisions/082): what will happen, in
 * words, and the form that does it. Shown by /admin/orders/:id for `?confirm=<action>`.
 */
import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { money } from '~/components/admin/ui'
import { SubmitButton } from '~/components/button'
import { Field, FormErrors } from '~/components/field'
import { useValidatedForm } from '~/forms/use-form-validator'

type ConfirmableAction =
	| 'refund'
	| 'refund-pass'
	| 'refund-amount'
	| 'resend-receipt'
	| 'reassign-pass'
	| 'change-holder'

const CONFIRM_TEXT: Record<ConfirmableAction, { title: string; button: string }> = {
	refund: { title: 'Refund this order?', button: 'Yes, refund' },
	'refund-pass': { title: 'Refund this pass?', button: 'Yes, refund this pass' },
	'refund-amount': { title: 'Refund an amount?', button: 'Refund this amount' },
	'resend-receipt': { title: 'Send the receipt again?', button: 'Yes, send the receipt' },
	'reassign-pass': { title: 'Reassign this pass?', button: 'Reassign pass' },
	'change-holder': { title: 'Correct the holder’s address?', button: 'Correct the address' },
}

/** A course order's links are seats to share (docs/decisions/118): the same action, its words. */
const SEAT_TEXT: Partial<Record<ConfirmableAction, { title: string; button: string }>> = {
	'reassign-pass': { title: 'Reassign this seat?', button: 'Reassign seat' },
	'refund-pass': { title: 'Refund this seat?', button: 'Yes, refund this seat' },
}

export function ConfirmAction({
	order,
	confirm,
	confirmPass,
	refundKey = null,
	unit = 'pass',
	lastResult,
}: {
	order: {
		id: string
		amountMinor: number
		currency: string
		email: string | null
		provider: string
		refundedMinor?: number
	}
	confirm: ConfirmableAction | null
	confirmPass: string | null
	/** The amount refund's idempotency key, made when its form was shown (decision 123). */
	refundKey?: string | null
	/** What the order's links are: passes for the day, or seats of the course. */
	unit?: 'pass' | 'seat'
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const [form, fields] = useValidatedForm('adminOrderAction', {
		id: `order-action-${confirm}`,
		lastResult,
		shouldRevalidate: 'onInput',
	})
	if (!confirm) return null
	const text = (unit === 'seat' ? SEAT_TEXT[confirm] : undefined) ?? CONFIRM_TEXT[confirm]
	const Unit = unit === 'seat' ? 'Seat' : 'Pass'
	const left = money(order.amountMinor - (order.refundedMinor ?? 0), order.currency)
	const self = `/admin/orders/${order.id}`
	const actionUrl = `${self}?confirm=${confirm}${confirmPass ? `&pass=${encodeURIComponent(confirmPass)}` : ''}`
	const total = money(order.amountMinor, order.currency)
	return (
		<section
			aria-labelledby="confirm-heading"
			className="mb-8 rounded-lg border-2 border-amber-500 p-4"
		>
			<h2 id="confirm-heading" className="text-lg font-semibold">
				{text.title}
			</h2>
			<p className="mt-2 text-sm">
				{confirm === 'refund'
					? `${left === total ? total : `The ${left} left`} goes back to ${order.email ?? 'the buyer'} through ${order.provider}; the order's seats are released and its passes stop working.`
					: confirm === 'refund-pass'
						? `${Unit} ${confirmPass}'s share of the order goes back to ${order.email ?? 'the buyer'} through ${order.provider}; the ${unit} stops working and goes back on sale, and whoever has it and the buyer are told. If it is the order's last, the whole order is refunded.`
						: confirm === 'refund-amount'
							? `Up to ${left} can go back to ${order.email ?? 'the buyer'} through ${order.provider}; the buyer is told, and the order's seats and passes stay as they are. All of it refunds the whole order.`
							: confirm === 'resend-receipt'
								? `The receipt of ${total} goes to ${order.email} again.`
								: confirm === 'change-holder'
									? `From now on, ${unit} ${confirmPass}'s e-mails (its joining link, reminders and changes) go to the address below, which gets the ${unit}'s confirmation; the old address is told, without the new one.`
									: `${Unit} ${confirmPass} gets a new link, sent to the address below; its current link stops working.`}
			</p>
			<Form method="post" action={actionUrl} {...getFormProps(form)} className="mt-4 max-w-md">
				<input type="hidden" name="intent" value={confirm} />
				{confirm === 'refund-pass' ? (
					<input
						{...getInputProps(fields.passId, { type: 'hidden' })}
						value={confirmPass ?? ''}
						key="refundPassId"
					/>
				) : null}
				{confirm === 'refund-amount' ? (
					<>
						<input type="hidden" name="key" value={refundKey ?? ''} />
						<Field
							label={`Amount (${order.currency.toUpperCase()})`}
							meta={fields.amount}
							inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
						/>
					</>
				) : null}
				{confirm === 'reassign-pass' || confirm === 'change-holder' ? (
					<>
						<input
							{...getInputProps(fields.passId, { type: 'hidden' })}
							value={confirmPass ?? ''}
							key="passId"
						/>
						<Field
							label={
								confirm === 'change-holder' ? 'Holder’s correct e-mail' : "New holder's e-mail"
							}
							meta={fields.email}
							type="email"
						/>
					</>
				) : null}
				<FormErrors id={form.errorId} errors={form.errors} prominent />
				<div className="mt-3 flex items-center gap-4">
					<SubmitButton>{text.button}</SubmitButton>
					<Link to={self} className="underline">
						Cancel
					</Link>
				</div>
			</Form>
		</section>
	)
}
