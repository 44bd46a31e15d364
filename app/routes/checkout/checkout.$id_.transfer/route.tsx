/**
 * /checkout/:id/transfer (issue 37 item 1, docs/decisions/163): "Pay by bank transfer (invoice)".
 * While the checkout holds its seats, the buyer gives the company's name, billing address,
 * country and VAT number; the order then waits for its money until the due date, and this page
 * (and an e-mail) shows the amount, the account, the payment reference, the due date and the
 * invoice, marked due. No seat link before the money arrives: paid, the page hands on to the
 * thank-you page. Only the browser that started the checkout sees it (its `checkouts` cookie,
 * decision 068), or one that followed the e-mail's signed link; anyone else gets a 404.
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
import { TransferDetails } from '~/components/checkout/transfer-details'
import { Field, FormErrors, TextareaField } from '~/components/field'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { getDb } from '~/db/client.server'
import { formatDay } from '~/domain/dates'
import { normaliseVatNumber } from '~/domain/invoices/vat'
import { formatMinorPrice } from '~/domain/pricing'
import { pluralWord, unitsOf } from '~/domain/words'
import { MESSAGES } from '~/forms/messages'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { rememberCheckout, startedHere } from '~/http/cookies.server'
import { redirectWithinSite } from '~/http/redirect'
import { getCheckout, isOrderLink } from '~/models/checkout/index.server'
import {
	bankTransferAccount,
	findTransfer,
	payByTransfer,
	type TransferRefusal,
	transferDueDate,
	transferPath,
} from '~/models/transfers/index.server'
import { localeOfPath, localePath, t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { notFound, readForm, requireFound } from '~/utils/responses'
import { COPY } from './words'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title, noindex: true })

const headers = { 'Cache-Control': 'private, no-store' }

/** The order, for the browser that bought it only; the e-mail's signed key makes it that one. */
async function buyersOrder(request: Request, id: string, context: { secure: boolean }) {
	const url = new URL(request.url)
	const order = requireFound(await getCheckout(await getDb(), id), url.pathname)
	if (isOrderLink(url.searchParams.get('key'), order.data.id))
		throw redirectWithinSite(
			localePath(transferPath(order.data.id), localeOfPath(url.pathname)),
			'/',
			{
				status: 303,
				headers: [
					...Object.entries(headers),
					...(await rememberCheckout(request, order.data.id, context)),
				],
			},
		)
	if (!(await startedHere(request, order.data.id))) throw notFound(url.pathname)
	return order
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
	const order = await buyersOrder(request, params.id ?? '', context)
	const id = order.data.id
	const locale = localeOfPath(new URL(request.url).pathname)
	if (order.status === 'paid')
		throw redirectWithinSite(localePath(`/checkout/${id}/thank-you`, locale), '/')
	const transfer = await findTransfer(await getDb(), id)
	// The unit in the page's language: "Plätze", "Pässe".
	const units = pluralWord(order.data.quantity, unitsOf(order.data.type, locale), locale)
	if (transfer)
		return data(
			{ state: 'transfer' as const, transfer: { ...transfer, units }, email: order.data.email },
			{ headers },
		)
	const account = bankTransferAccount()
	if (order.status !== 'pending' || order.data.provider === 'transfer' || !account)
		throw redirectWithinSite(localePath(`/checkout/processing?id=${id}`, locale), '/')
	return data(
		{
			state: 'form' as const,
			id,
			what: `${order.data.quantity} × ${order.data.name}`,
			units,
			quantity: order.data.quantity,
			total: formatMinorPrice(order.data.amountMinor, order.data.currency, locale),
			// The day the choice would set: sooner than BANK_TRANSFER_DAYS when the item starts (170).
			dueDay: formatDay(
				(await transferDueDate(await getDb(), order.data.code, account.days)).day,
				locale,
			),
			testAccount: account.testAccount,
			payAs: order.data.email,
			// The card page this checkout opened (the sandbox's or Stripe's).
			cardLink: order.link,
		},
		{ headers },
	)
}

const refusalMessage = (refusal: TransferRefusal): string =>
	refusal === 'too-many-seats'
		? MESSAGES.transferTooManySeats(bankTransferAccount()?.seatsPerBuyer ?? 0)
		: refusal === 'offer'
			? MESSAGES.transferOffer
			: refusal === 'off'
				? MESSAGES.transferOff
				: MESSAGES.transferNotPending

export async function action({ params, request, context }: ActionFunctionArgs) {
	const order = await buyersOrder(request, params.id ?? '', context)
	const submission = parseForm('transferCheckout', await readForm(request))
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	const { email, name, company, address, country, vatNumber } = submission.value
	const result = await payByTransfer(
		await getDb(),
		order.data.id,
		{
			email,
			name: name || null,
			billing: {
				company: company || null,
				address: address || null,
				country: country || null,
				vatNumber: vatNumber && country ? normaliseVatNumber(country, vatNumber) : null,
			},
		},
		context.origin,
	)
	if ('refused' in result)
		return data(submission.reply({ formErrors: [refusalMessage(result.refused)] }), {
			status: 409,
		})
	const locale = localeOfPath(new URL(request.url).pathname)
	return redirectWithinSite(localePath(transferPath(order.data.id), locale), '/', 303)
}

export default function PayByTransfer() {
	const page = useLoaderData<typeof loader>()
	const locale = useLocale()
	return (
		<LeadLayout>
			{page.state === 'form' ? <TransferForm page={page} /> : <Instructions page={page} />}
			<p className="mt-8 text-sm">
				<Link to={localePath('/', locale)} className="underline">
					{t('backToHome', locale)}
				</Link>
			</p>
		</LeadLayout>
	)
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>

function Instructions({ page }: { page: Extract<Loaded, { state: 'transfer' }> }) {
	const { transfer } = page
	const locale = useLocale()
	const copy = COPY[locale]
	const dueDay = formatDay(transfer.dueDay, locale)
	if (transfer.status !== 'pending')
		return (
			<PageHeading
				title={copy.cancelledTitle}
				lead={copy.cancelled(
					dueDay,
					transfer,
					transfer.creditNote
						? { credit: transfer.creditNote.number, invoice: transfer.invoice.number }
						: null,
				)}
			/>
		)
	return (
		<>
			{transfer.testAccount ? (
				<p
					role="note"
					className="mt-6 rounded-lg border-2 border-amber-500 bg-amber-50 px-4 py-3 font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100"
				>
					{copy.testAccount}
				</p>
			) : null}
			<PageHeading title={copy.title} lead={copy.reserved(transfer.itemName, transfer, dueDay)} />
			<TransferDetails transfer={transfer} />
			<section aria-labelledby="next" className="mb-8">
				<h2 id="next" className="mb-3 text-xl font-semibold">
					{copy.next}
				</h2>
				<ul className="list-disc pl-6">
					{page.email ? <li>{copy.sentTo(page.email)}</li> : null}
					<li>{copy.onArrival(transfer.units)}</li>
					<li>{copy.ifNot(dueDay)}</li>
				</ul>
			</section>
		</>
	)
}

function TransferForm({ page }: { page: Extract<Loaded, { state: 'form' }> }) {
	const lastResult = useActionData<typeof action>()
	const [form, fields] = useValidatedForm('transferCheckout', {
		id: 'transfer-checkout',
		lastResult,
		...(page.payAs ? { defaultValue: { email: page.payAs } } : {}),
	})
	const copy = COPY[useLocale()]
	return (
		<>
			<PageHeading
				title={copy.formTitle}
				lead={copy.formLead(page.what, page.total, page, page.dueDay)}
			/>
			<Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-2">
				<Field
					label={copy.email}
					meta={fields.email}
					type="email"
					hint={copy.emailHint}
					inputProps={{ autoComplete: 'email' }}
				/>
				<Field
					label={copy.name}
					meta={fields.name}
					hint={copy.optional}
					inputProps={{ autoComplete: 'name' }}
				/>
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
				<Field label={copy.vatNumber} meta={fields.vatNumber} hint={copy.vatHint} />
				<FormErrors id={form.errorId} errors={form.errors} prominent />
				<SubmitButton>{copy.submit}</SubmitButton>
			</Form>
			{page.cardLink ? (
				<p className="mt-6">
					<a href={page.cardLink} className="underline">
						{copy.byCard}
					</a>
				</p>
			) : null}
		</>
	)
}
