/**
 * The coupon form of /admin/coupons/new and /admin/coupons/:code (docs/decisions/112): a plain
 * POST that works without JavaScript, validated as the owner types once the schemas have loaded,
 * every message next to its field.
 */
import { getFormProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { CheckboxField, Field, FormErrors, RadioGroupField } from '~/components/field'
import { useValidatedForm } from '~/forms/use-form-validator'
import { useOwnerTimeZone } from './time'

export type CouponDefaults = {
	code: string
	kind: 'percent' | 'fixed'
	amount: string
	currency: string
	items: string[]
	maxUses: string
	startsAt: string
	expiresAt: string
	onePerBuyer: boolean
	partnerKey: string
	notWithRegional: boolean
	maxDiscountedUnits: string
}

const KINDS = [
	{ value: 'percent', label: 'Percentage' },
	{ value: 'fixed', label: 'Fixed amount' },
] as const

export function CouponForm({
	editing,
	defaults,
	choices,
	lastResult,
}: {
	/** The code of the coupon being edited (it cannot change); null: a new coupon. */
	editing: string | null
	defaults: CouponDefaults
	choices: { items: { code: string; name: string }[]; currencies: string[] }
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const [form, fields] = useValidatedForm('adminCoupon', {
		id: 'coupon-form',
		lastResult,
		defaultValue: {
			...defaults,
			onePerBuyer: defaults.onePerBuyer ? 'on' : undefined,
			notWithRegional: defaults.notWithRegional ? 'on' : undefined,
		},
	})
	const chosenItems = new Set(
		([] as unknown[]).concat(fields.items.value ?? defaults.items).map(String),
	)
	const currencyInvalid = Boolean(fields.currency.errors?.length)
	// Times are typed on the owner's wall clock, in the zone the header names (decision 153).
	const timeZone = useOwnerTimeZone()
	return (
		<Form method="post" {...getFormProps(form)} className="max-w-xl space-y-4">
			<input type="hidden" name="intent" value="save" />
			{editing ? (
				<>
					<input type="hidden" name={fields.code.name} value={editing} />
					<p className="text-sm">
						Code: <span className="font-mono font-semibold">{editing}</span> (orders name it, so it
						cannot change)
					</p>
				</>
			) : (
				<Field
					meta={fields.code}
					label="Code"
					hint="What buyers type. Letters, digits, - and _; case is ignored (SPRING = spring)."
				/>
			)}
			<RadioGroupField meta={fields.kind} legend="Discount" options={KINDS} />
			<Field
				meta={fields.amount}
				label="Amount"
				hint="A percentage (1 to 100), or the amount off the whole order in the currency below."
			/>
			<div>
				<label htmlFor={fields.currency.id} className="block text-sm font-medium">
					Currency (fixed amount only)
				</label>
				<select
					{...getSelectProps(fields.currency, { ariaAttributes: false })}
					aria-invalid={currencyInvalid || undefined}
					aria-describedby={`${fields.currency.id}-hint ${fields.currency.errorId}`}
					className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
				>
					<option value="">—</option>
					{choices.currencies.map((currency) => (
						<option key={currency} value={currency}>
							{currency}
						</option>
					))}
				</select>
				<p id={`${fields.currency.id}-hint`} className="pt-1 text-sm text-slate-600">
					A fixed amount applies only to prices in its currency; a percentage applies everywhere.
				</p>
				<div id={fields.currency.errorId} className="min-h-5 pt-1 text-sm text-red-700">
					{fields.currency.errors?.[0] ? <p>{fields.currency.errors[0]}</p> : null}
				</div>
			</div>
			<fieldset
				aria-invalid={fields.items.errors?.length ? true : undefined}
				aria-describedby={`${fields.items.id}-hint ${fields.items.errorId}`}
			>
				<legend className="text-sm font-medium">Products</legend>
				<p id={`${fields.items.id}-hint`} className="text-sm text-slate-600">
					None ticked: every product.
				</p>
				{choices.items.map((item) => (
					<label key={item.code} className="flex items-center gap-2">
						<input
							type="checkbox"
							name={fields.items.name}
							value={item.code}
							defaultChecked={chosenItems.has(item.code)}
						/>
						{item.name} <span className="font-mono text-xs">({item.code})</span>
					</label>
				))}
				<div id={fields.items.errorId} className="min-h-5 pt-1 text-sm text-red-700">
					{fields.items.errors?.[0] ? <p>{fields.items.errors[0]}</p> : null}
				</div>
			</fieldset>
			<Field
				meta={fields.maxUses}
				label="How many uses"
				hint="Empty: no limit. A checkout holds a use until it is paid or expires."
			/>
			<Field meta={fields.startsAt} type="datetime-local" label={`From (${timeZone}, optional)`} />
			<Field
				meta={fields.expiresAt}
				type="datetime-local"
				label={`Until (${timeZone}, optional)`}
			/>
			<Field
				meta={fields.maxDiscountedUnits}
				label="Discounted seats or passes per order (percentage only, optional)"
				hint="Empty: every one. Past it, the rest of an order is at full price; the checkout, receipt and invoice say so."
			/>
			<CheckboxField
				meta={fields.notWithRegional}
				label="Does not combine with regional prices"
				hint="A buyer with a regional price pays the lower of it and this coupon on the full price; the checkout says which."
			/>
			<CheckboxField
				meta={fields.onePerBuyer}
				label="One use per buyer (by e-mail address, checked when they pay)"
			/>
			<Field
				meta={fields.partnerKey}
				label="Partner key (optional)"
				hint="The partner credited with every order that uses this coupon."
			/>
			<FormErrors id={form.errorId} errors={form.errors} prominent />
			<SubmitButton>{editing ? 'Save coupon' : 'Create coupon'}</SubmitButton>
		</Form>
	)
}
