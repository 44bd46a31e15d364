/**
 * The buy button (SPEC §7): a form that POSTs to /checkout. Without JavaScript the server
 * answers 303 to the hosted payment page; with it, the same fields go as JSON (SPEC §7) and the
 * browser follows the `link`, showing `Checkout failed: {reason}` in place when refused.
 * With JavaScript the partner cookie goes as `X-Affiliate`, and as `X-Coupon` when no coupon was
 * typed (SPEC §7); a plain form POST carries the cookie itself and the server falls back to it.
 */
import { getFormProps } from '@conform-to/react'
import { useState } from 'react'
import { Button } from '~/components/button'
import { useChosenRegion } from '~/components/chosen-region'
import { CheckboxField, Field } from '~/components/field'
import { GiftFields } from '~/components/gift-fields'
import { checkoutHeaders, readReferralCookies } from '~/domain/attribution'
import { giftToday } from '~/domain/gift'
import type { Locale } from '~/domain/locale'
import { DEFAULT_MAX_QUANTITY } from '~/forms/limits'
import { checkoutFailed } from '~/forms/messages'
import { useValidatedForm } from '~/forms/use-form-validator'
import { recordCheckout } from '~/integrations/analytics/runtime'
import { useLocale } from './use-locale'
import { useRootData } from './use-root-data'

/** The form's words in each language (decision 175); the button's label is the page's. */
const COPY: Record<
	Locale,
	{ quantity: string; coupon: string; asGift: string; giftCheckbox: string; byTransfer: string }
> = {
	'en-US': {
		quantity: 'Quantity',
		coupon: 'Coupon code (optional)',
		asGift: 'Buy it as a gift',
		giftCheckbox:
			'This is a gift: e-mail the link to claim it to the recipient on the day I choose (one at a time)',
		byTransfer: 'Pay by bank transfer (invoice)',
	},
	'de-DE': {
		quantity: 'Anzahl',
		coupon: 'Gutscheincode (optional)',
		asGift: 'Als Geschenk kaufen',
		giftCheckbox:
			'Das ist ein Geschenk: Den Link zum Einlösen an dem Tag, den ich wähle, an die beschenkte Person senden (jeweils eins)',
		byTransfer: 'Per Überweisung zahlen (Rechnung)',
	},
}

const fieldClasses =
	'min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100'

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
	const [pending, setPending] = useState(false)
	const [failure, setFailure] = useState<string | null>(null)
	const locale = useLocale()
	const copy = COPY[locale]
	const payByTransfer = useRootData()?.payByTransferOnBuyForm ?? false
	const today = giftToday(new Date())
	const [form, fields] = useValidatedForm('checkout', {
		id: `checkout-${code}`,
		defaultValue: { quantity: '1', giftDate: today },
		schemaOptions: { maxQuantity },
		async onSubmit(event, { submission }) {
			event.preventDefault()
			if (submission?.status !== 'success' || pending) return
			// Before the validator arrives the values are unchecked strings: the server decides.
			setPending(true)
			setFailure(null)
			const { coupon, ...body } = submission.value
			// Which button: "Pay by bank transfer (invoice)" sends method=transfer, as without JavaScript.
			const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
			const method = submitter?.value === 'transfer' ? 'transfer' : undefined
			try {
				const response = await fetch('/checkout', {
					method: 'POST',
					headers: {
						Accept: 'application/json',
						'Content-Type': 'application/json',
						...checkoutHeaders({
							coupon,
							partnerKey: readReferralCookies(document.cookie).partnerKey,
						}),
					},
					body: JSON.stringify({
						...body,
						quantity: Number(body.quantity) || body.quantity,
						method,
					}),
				})
				const answer = (await response.json().catch(() => ({}))) as {
					link?: string
					error?: string
				}
				if (response.ok && answer.link) {
					// Leaving the page: analytics gets its 300 ms at most (SPEC §9).
					await recordCheckout({ code, quantity: Number(body.quantity) || 1 })
					// The hosted payment page may be another site (Stripe): a full navigation.
					window.location.assign(answer.link)
					return
				}
				setFailure(answer.error ?? checkoutFailed())
			} catch {
				setFailure(checkoutFailed())
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
			{/* The page's language, the order's (decision 174): its receipt and invoice are in it. */}
			<input type="hidden" name="locale" value={locale} />
			<Field
				meta={fields.quantity}
				label={copy.quantity}
				type="number"
				inputProps={{ min: 1, max: maxQuantity, step: 1 }}
				compact={{ className: 'flex flex-col gap-1', inputClassName: `${fieldClasses} w-24` }}
			/>
			<Field
				meta={fields.coupon}
				label={copy.coupon}
				inputProps={{ autoComplete: 'off' }}
				compact={{ className: 'flex flex-col gap-1', inputClassName: `${fieldClasses} w-40` }}
			/>
			{/* A disclosure, so the form stays short; its fields are sent open or closed. */}
			<details className="w-full rounded-lg border border-slate-200 p-3 dark:border-slate-700">
				<summary className="cursor-pointer font-medium">{copy.asGift}</summary>
				<div className="mt-3 grid gap-3">
					<CheckboxField meta={fields.gift} label={copy.giftCheckbox} />
					<GiftFields fields={fields} today={today} />
				</div>
			</details>
			<Button type="submit" pending={pending}>
				{label}
			</Button>
			{payByTransfer ? (
				<Button type="submit" name="method" value="transfer" variant="secondary" pending={pending}>
					{copy.byTransfer}
				</Button>
			) : null}
			{/* Rendered empty, so that a refusal is announced when it appears. */}
			<p id={form.errorId} role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
				{failure ?? ''}
			</p>
		</form>
	)
}
