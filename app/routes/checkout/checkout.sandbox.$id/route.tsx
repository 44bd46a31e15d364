/**
 * The sandbox provider's hosted checkout page (docs/decisions/030, 032): the item,
 * the amount and a "Card number" with expiry and CVC. 4242 4242 4242 4242 pays, 4000 0000 0000
 * 0002 is declined and the visitor can try again. Always labelled test mode; works without
 * JavaScript. Payments go through the same function a verified Stripe webhook calls. Under /de
 * in German, and it sends on to German pages (docs/decisions/176).
 */

import { getFormProps } from '@conform-to/react'
import {
	type ActionFunctionArgs,
	data,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { CheckboxField, Field, FormErrors, TextareaField } from '~/components/field'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { getDb, getPaymentsDb } from '~/db/client.server'
import { foldEmail } from '~/domain/email-address'
import { normaliseVatNumber } from '~/domain/invoices/vat'
import { formatMinorPrice } from '~/domain/pricing'
import { pluralWord, unitsOf } from '~/domain/words'
import { formConstraints } from '~/forms/constraints.server'
import { MESSAGES } from '~/forms/messages'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { redirectWithinSite } from '~/http/redirect'
import { checkSandboxCard } from '~/integrations/payments/sandbox.server'
import {
	cancelSandboxCheckout,
	getSandboxCheckout,
	recordSandboxPayment,
	rememberForRecovery,
} from '~/models/checkout/index.server'
import { pricesIncludeTax } from '~/models/invoices/tax.server'
import { bankTransferAccount } from '~/models/transfers/index.server'
import type { RouteHandle } from '~/utils/color-mode'
import { localeOfPath, localePath, t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { readForm, requireFound } from '~/utils/responses'
import { COPY } from './words'

export { shouldRevalidate } from '~/utils/revalidate'

// The payment page: the footer links the terms (docs/decisions/152).
export const handle: RouteHandle = { sells: true }

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title, noindex: true })

/** The processing page in the language of the page asking (docs/decisions/176). */
const processingPath = (request: Request, query: string) =>
	localePath(`/checkout/processing?${query}`, localeOfPath(new URL(request.url).pathname))

export async function loader({ params, request }: LoaderFunctionArgs) {
	const pathname = new URL(request.url).pathname
	const locale = localeOfPath(pathname)
	const checkout = requireFound(await getSandboxCheckout(await getDb(), params.id ?? ''), pathname)
	// Paid, expired or cancelled: the processing page tells the visitor where they stand.
	if (checkout.status !== 'pending')
		throw redirectWithinSite(processingPath(request, `id=${checkout.data.id}`), '/')
	return data(
		{
			id: checkout.data.id,
			name: checkout.data.name,
			quantity: checkout.data.quantity,
			// "my seats", "my pass": the unit of what this checkout sells (docs/decisions/158).
			units: pluralWord(checkout.data.quantity, unitsOf(checkout.data.type, locale), locale),
			currency: checkout.data.currency,
			unitAmountMinor: checkout.unitAmountMinor,
			discountMinor: checkout.data.discountMinor,
			discountNote: checkout.discountNote,
			credit: checkout.credit,
			amountMinor: checkout.data.amountMinor,
			expiresAt: checkout.data.expiresAt,
			// An order made for someone (a waiting-list offer) is paid under their address only
			// (docs/decisions/152): the field is filled in and cannot be changed.
			payAs: checkout.data.email,
			// The card inputs' native rules, from the schema, for pages without JavaScript.
			constraint: formConstraints.sandboxCard(),
			// Prices without VAT: the page adds the buyer's country's VAT (docs/decisions/115).
			vatOnTop: !pricesIncludeTax(),
			// Beside the card, when the owner takes transfers (docs/decisions/163).
			bankTransfer: bankTransferAccount() !== null,
		},
		{ headers: { 'Cache-Control': 'no-store' } },
	)
}

export async function action({ params, request }: ActionFunctionArgs) {
	const pathname = new URL(request.url).pathname
	const db = await getDb()
	const checkout = requireFound(await getSandboxCheckout(db, params.id ?? ''), pathname)
	const submission = parseForm('sandboxCheckout', await readForm(request))
	if (submission.status !== 'success')
		return data(submission.reply({ hideFields: ['cvc'] }), { status: 400 })
	const id = checkout.data.id
	if (submission.value.intent === 'cancel') {
		await cancelSandboxCheckout(db, id)
		return redirectWithinSite(processingPath(request, `id=${id}&cancelled=1`), '/', 303)
	}
	if (checkout.status !== 'pending')
		return data(
			submission.reply({
				formErrors: [MESSAGES.checkoutExpired],
			}),
			{ status: 409 },
		)
	// Checked first: a refused address is not kept for the reminder either.
	const payAs = checkout.data.email
	if (payAs && foldEmail(submission.value.email) !== foldEmail(payAs))
		return data(
			submission.reply({
				fieldErrors: { email: [MESSAGES.offeredAddress(payAs)] },
				hideFields: ['cvc'],
			}),
			{ status: 400 },
		)
	// Recorded with every attempt, so a declined card and a visitor who then leaves still get
	// the one reminder they asked for (docs/decisions/122).
	await rememberForRecovery(db, id, submission.value.remindMe ? submission.value.email : null)
	const card = checkSandboxCard(submission.value.cardNumber)
	if (!card.ok)
		return data(submission.reply({ formErrors: [card.message], hideFields: ['cvc'] }), {
			status: 402,
		})
	const { email, name, company, address, country, vatNumber } = submission.value
	const billing =
		company || address || country || vatNumber
			? {
					company: company || null,
					address: address || null,
					country: country || null,
					vatNumber:
						vatNumber && country ? normaliseVatNumber(country, vatNumber) : vatNumber || null,
				}
			: null
	// On payments' own pool, as the webhook's (decision 162).
	await recordSandboxPayment(await getPaymentsDb(), id, { email, name: name || null, billing })
	return redirectWithinSite(processingPath(request, `id=${id}`), '/', 303)
}

export default function SandboxCheckout() {
	const order = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const [form, fields] = useValidatedForm('sandboxCheckout', {
		id: 'sandbox-checkout',
		lastResult,
		constraint: order.constraint,
		...(order.payAs ? { defaultValue: { email: order.payAs } } : {}),
	})
	const locale = useLocale()
	const copy = COPY[locale]
	const money = (minor: number) => formatMinorPrice(minor, order.currency, locale)
	return (
		<LeadLayout>
			<p
				role="note"
				className="mt-6 rounded-lg border-2 border-amber-500 bg-amber-50 px-4 py-3 font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100"
			>
				{copy.testMode}
			</p>
			<PageHeading title={copy.heading} />
			<section aria-labelledby="order-summary" className="mb-8">
				<h2 id="order-summary" className="sr-only">
					{copy.yourOrder}
				</h2>
				<dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2">
					<dt>{`${order.quantity} × ${order.name}`}</dt>
					<dd className="text-right">{money(order.unitAmountMinor * order.quantity)}</dd>
					{order.discountMinor > 0 ? (
						<>
							<dt>
								{copy.discount}
								{order.discountNote ? ` (${order.discountNote})` : null}
							</dt>
							<dd className="text-right">−{money(order.discountMinor)}</dd>
						</>
					) : null}
					{order.credit ? (
						<>
							<dt>{order.credit.label}</dt>
							<dd className="text-right">−{money(order.credit.amountMinor)}</dd>
						</>
					) : null}
					<dt className="font-semibold">{order.vatOnTop ? copy.totalBeforeVat : copy.total}</dt>
					<dd className="text-right font-semibold" data-testid="checkout-total">
						{money(order.amountMinor)}
					</dd>
				</dl>
			</section>
			{order.bankTransfer ? (
				<p className="mb-6">
					<Link
						to={localePath(`/checkout/${order.id}/transfer`, locale)}
						className="font-semibold underline"
					>
						{copy.bankTransfer}
					</Link>
					<span className="block text-sm text-slate-600 dark:text-slate-400">
						{copy.bankTransferNote(order.quantity, order.units)}
					</span>
				</p>
			) : null}
			<Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-2">
				<input type="hidden" name="intent" value="pay" />
				<Field
					label={copy.email}
					meta={fields.email}
					type="email"
					hint={order.payAs ? copy.payAsHint : undefined}
					inputProps={{ autoComplete: 'email', readOnly: Boolean(order.payAs) }}
				/>
				<Field
					label={copy.name}
					meta={fields.name}
					hint={copy.nameHint}
					inputProps={{ autoComplete: 'name' }}
				/>
				<CheckboxField meta={fields.remindMe} label={copy.remindMe} hint={copy.remindMeHint} />
				<fieldset className="my-2 flex flex-col gap-2">
					<legend className="text-sm font-semibold">{copy.invoiceDetails}</legend>
					<Field
						label={copy.company}
						meta={fields.company}
						inputProps={{ autoComplete: 'organization' }}
					/>
					<TextareaField label={copy.address} meta={fields.address} rows={3} />
					<Field
						label={copy.country}
						meta={fields.country}
						hint={copy.countryHint}
						inputProps={{ autoComplete: 'country', maxLength: 2 }}
					/>
					<Field
						label={copy.vatNumber}
						meta={fields.vatNumber}
						hint={order.vatOnTop ? copy.vatOnTopHint : copy.vatIncludedHint}
					/>
				</fieldset>
				<Field
					label={copy.cardNumber}
					meta={fields.cardNumber}
					inputProps={{
						inputMode: 'numeric',
						autoComplete: 'cc-number',
						placeholder: '4242 4242 4242 4242',
					}}
				/>
				<div className="grid grid-cols-2 gap-4">
					<Field
						label={copy.expiry}
						meta={fields.expiry}
						inputProps={{ autoComplete: 'cc-exp', placeholder: '12 / 34' }}
					/>
					<Field
						label={copy.cvc}
						meta={fields.cvc}
						inputProps={{ inputMode: 'numeric', autoComplete: 'cc-csc' }}
					/>
				</div>
				<FormErrors id={form.errorId} errors={form.errors} prominent />
				{order.vatOnTop ? (
					<p className="text-sm" data-testid="vat-on-top">
						{copy.vatOnTop}
					</p>
				) : null}
				<SubmitButton>{copy.pay(money(order.amountMinor), order.vatOnTop)}</SubmitButton>
			</Form>
			<Form method="post" className="mt-4">
				<button type="submit" name="intent" value="cancel" className="underline">
					{copy.cancel(order.quantity, order.units)}
				</button>
			</Form>
			<p className="mt-8 text-sm text-slate-600 dark:text-slate-400">
				{copy.standsIn}{' '}
				<Link to={localePath('/', locale)} className="underline">
					{t('backToHome', locale)}
				</Link>
			</p>
		</LeadLayout>
	)
}
