/**
 * The buy button (issue 4): a form that POSTs to /checkout. Without JavaScript the server
 * answers 303 to the hosted payment page; with it, the same fields go as JSON (SPEC §7) and the
 * browser follows the `link`, showing `Checkout failed: {reason}` in place when refused.
 * The partner cookie is read by the server, so nothing secret passes through the page.
 */
import { getFormProps, getInputProps, parse, type Submission, useForm } from '@conform-to/react'
import { useEffect, useState } from 'react'
import { Button } from '~/components/button'
import { useChosenRegion } from '~/utils/chosen-region'

const DEFAULT_REASON = 'Failed to process checkout'
/** SPEC: MAX_QUANTITY's default; the server's own limit is what counts. */
const DEFAULT_MAX_QUANTITY = 20

type Values = { code: string; quantity: number; type?: string; region: string; coupon?: string }
type Validator = (formData: FormData) => Submission<Values>

// zod stays out of the first load (docs/decisions/050): the schema arrives in a chunk loaded
// after hydration; until then the server validates with the same schema.
let loading: Promise<typeof import('./checkout-form-validator')> | null = null

function useCheckoutValidator(maxQuantity: number) {
	const [validator, setValidator] = useState<Validator | null>(null)
	useEffect(() => {
		let active = true
		loading ??= import('./checkout-form-validator')
		loading.then(
			(module) => {
				if (active) setValidator(() => module.checkoutFormValidator(maxQuantity))
			},
			() => {
				loading = null
			},
		)
		return () => {
			active = false
		}
	}, [maxQuantity])
	return validator
}

export function CheckoutForm({
	code,
	type,
	region,
	label,
	maxQuantity = DEFAULT_MAX_QUANTITY,
}: {
	code: string
	type: string
	region: string
	label: string
	maxQuantity?: number
}) {
	// The price on the screen may have been switched in the browser (course-offer.tsx).
	const shownRegion = useChosenRegion(code, region)
	const validator = useCheckoutValidator(maxQuantity)
	const [pending, setPending] = useState(false)
	const [failure, setFailure] = useState<string | null>(null)
	const [form, fields] = useForm({
		id: `checkout-${code}`,
		defaultValue: { quantity: '1' },
		shouldValidate: 'onBlur',
		onValidate: ({ formData }) =>
			validator
				? validator(formData)
				: (parse(formData, { resolve: (value) => ({ value }) }) as Submission<Values>),
		async onSubmit(event, { submission }) {
			event.preventDefault()
			if (submission?.status !== 'success' || pending) return
			// Before the validator arrives the values are unchecked strings: the server decides.
			setPending(true)
			setFailure(null)
			const { coupon, ...body } = submission.value
			try {
				const response = await fetch('/checkout', {
					method: 'POST',
					headers: {
						Accept: 'application/json',
						'Content-Type': 'application/json',
						...(coupon ? { 'X-Coupon': coupon } : {}),
					},
					body: JSON.stringify({ ...body, quantity: Number(body.quantity) || body.quantity }),
				})
				const answer = (await response.json().catch(() => ({}))) as {
					link?: string
					error?: string
				}
				if (response.ok && answer.link) {
					// The hosted payment page may be another site (Stripe): a full navigation.
					window.location.assign(answer.link)
					return
				}
				setFailure(answer.error ?? `Checkout failed: ${DEFAULT_REASON}`)
			} catch {
				setFailure(`Checkout failed: ${DEFAULT_REASON}`)
			}
			setPending(false)
		},
	})
	return (
		<form
			method="post"
			action="/checkout"
			{...getFormProps(form)}
			className="mt-6 flex flex-wrap items-end gap-4"
		>
			<input type="hidden" name="code" value={code} />
			<input type="hidden" name="type" value={type} />
			<input type="hidden" name="region" value={shownRegion} />
			<div className="flex flex-col gap-1">
				<label htmlFor={fields.quantity.id} className="text-sm font-medium">
					Quantity
				</label>
				<input
					{...getInputProps(fields.quantity, { type: 'number', ariaAttributes: true })}
					min={1}
					max={maxQuantity}
					step={1}
					className="min-h-11 w-24 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
				/>
			</div>
			<div className="flex flex-col gap-1">
				<label htmlFor={fields.coupon.id} className="text-sm font-medium">
					Coupon code (optional)
				</label>
				<input
					{...getInputProps(fields.coupon, { type: 'text', ariaAttributes: true })}
					autoComplete="off"
					className="min-h-11 w-40 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
				/>
			</div>
			<Button type="submit" pending={pending}>
				{label}
			</Button>
			<p id={form.errorId} role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
				{failure ?? fields.quantity.errors?.[0] ?? fields.coupon.errors?.[0] ?? ''}
			</p>
		</form>
	)
}
