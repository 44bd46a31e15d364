/**
 * POST /checkout (SPEC §7, §8): `{ code, quantity, type, region }` with X-Coupon and
 * X-Affiliate → `{ link }`, the hosted payment page — or, when the buyer waits their turn for
 * the payment provider, `{ link, status: "queued" }`, the waiting page (docs/decisions/161). A
 * plain form POST (no JavaScript) gets a 303 to that link instead. Prices come from the database only; failures answer 4xx with
 * `Checkout failed: {reason}` and create nothing. The browser that started a checkout keeps its
 * id in the signed `checkouts` cookie: only it sees the order's passes and e-mail address
 * (docs/decisions/068).
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { localeOrDefault } from '~/domain/locale'
import { checkoutRequestSchema, firstIssue } from '~/forms/checkout-request'
import { giftInputOf } from '~/forms/gift'
import { CHECKOUT_BUSY_REASON, checkoutFailed, DEFAULT_CHECKOUT_REASON } from '~/forms/messages'
import { geoQuery } from '~/http/api.server'
import { getAttribution } from '~/http/attribution.server'
import { rememberCheckout } from '~/http/cookies.server'
import { redirectWithinSite } from '~/http/redirect'
import { databaseWasUnavailable, unavailableHeaders } from '~/http/unavailable.server'
import { log } from '~/log.server'
import { countCheckout } from '~/metrics.server'
import {
	CheckoutError,
	type CheckoutFailureCode,
	checkoutInTurn,
	fieldFailureCode,
	refusalHeaders,
	regionAllowed,
} from '~/models/checkout/index.server'
import { getPricingTable } from '~/models/course/catalog.server'
import { getCountryInfo } from '~/models/course/country.server'
import { bankTransferAccount, transferPath } from '~/models/transfers/index.server'
import { localePath } from '~/utils/i18n'
import { startedCheckoutAnswer } from './checkout.shared.server'

// This module is also the parent of every /checkout/* route, so its loader runs for them too:
// only the bare /checkout (nothing to show) goes home.
export function loader({ request }: LoaderFunctionArgs) {
	if (new URL(request.url).pathname.replace(/\/$/, '') === '/checkout') throw redirect('/')
	return null
}

const noStore = { 'Cache-Control': 'no-store' }

/** A header or form value that names a coupon or partner: short, plain characters, else ignored. */
function token(value: FormDataEntryValue | string | null | undefined): string | null {
	if (typeof value !== 'string') return null
	const trimmed = value.trim()
	return /^[A-Za-z0-9_.:-]{1,64}$/.test(trimmed) ? trimmed : null
}

async function readBody(
	request: Request,
): Promise<{ form: boolean; body: Record<string, unknown> } | { error: string }> {
	const type = request.headers.get('content-type') ?? ''
	if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
		try {
			const form = await request.formData()
			return { form: true, body: Object.fromEntries(form) }
		} catch {
			return { error: 'malformed form data' }
		}
	}
	const text = await request.text()
	if (Buffer.byteLength(text) > getConfig().MAX_BODY_BYTES)
		return { error: 'request body too large' }
	try {
		const body: unknown = JSON.parse(text)
		if (typeof body !== 'object' || body === null || Array.isArray(body))
			return { error: 'the body must be a JSON object' }
		return { form: false, body: body as Record<string, unknown> }
	} catch {
		return { error: 'malformed JSON' }
	}
}

export async function action({ request, context }: ActionFunctionArgs) {
	if (request.method !== 'POST')
		return Response.json(
			{ error: checkoutFailed(`method ${request.method} not allowed`) },
			{ status: 405, headers: { ...noStore, Allow: 'POST' } },
		)
	const read = await readBody(request)
	const isForm = 'form' in read && read.form
	// The buyer's pages are in the language of the page the buy form was on (decision 176),
	// even when the rest of the request is refused.
	const pageLocale = localeOrDefault('body' in read ? read.body.locale : undefined)
	const inLocale = (path: string) => localePath(path, pageLocale)
	// A form lands on the processing page with the reason's code: that page shows only fixed
	// messages (docs/decisions/105). Without a code, its default reason.
	// Counted by the code, never the reason's text (docs/decisions/106): a 5xx failed on our side.
	const fail = (
		status: number,
		reason: string,
		code?: CheckoutFailureCode,
		retryAfterSeconds?: number,
	) => {
		countCheckout(status >= 500 ? 'failed' : 'refused', code ?? 'other')
		return isForm
			? redirectWithinSite(inLocale(`/checkout/processing?error=${code ?? 'other'}`), '/', 303)
			: Response.json(
					{ error: checkoutFailed(reason) },
					{ status, headers: refusalHeaders(noStore, retryAfterSeconds) },
				)
	}
	if ('error' in read) return fail(read.error === 'request body too large' ? 413 : 400, read.error)

	const parsed = checkoutRequestSchema(getConfig().MAX_QUANTITY).safeParse(read.body)
	if (!parsed.success)
		return fail(400, firstIssue(parsed.error), fieldFailureCode(parsed.error.issues[0]?.path[0]))
	const { code, quantity, type, region, gift, locale } = parsed.data

	try {
		// Never another country's discount: GLOBAL, or the region we find for this visitor.
		const db = await getDb()
		const table = await getPricingTable(db)
		if (!table.regions.some((known) => known.name === region))
			return fail(400, `unknown region '${region}'`, 'region')
		const country = await getCountryInfo(db, geoQuery(request, context))
		if (!regionAllowed(region, country.details.region))
			return fail(403, `the ${region} price is not available in your country; use GLOBAL`, 'region')

		// The partner cookie stands in when the client did not pass it on (a plain form POST),
		// for the affiliate and, when no coupon was given, for the coupon (SPEC §7).
		const attribution = getAttribution(request, context.origin)
		const { id, link } = await checkoutInTurn(db, {
			code,
			quantity,
			type,
			region,
			coupon:
				token(request.headers.get('x-coupon')) ??
				token(read.body.coupon as string) ??
				token(attribution.partnerKey),
			affiliate:
				token(request.headers.get('x-affiliate')) ??
				token(read.body.affiliate as string) ??
				token(attribution.partnerKey),
			attribution: { ...attribution },
			origin: context.origin,
			clientIp: context.clientIp,
			gift: gift ? giftInputOf(parsed.data) : null,
			locale,
		})
		countCheckout('created')
		const headers = [...Object.entries(noStore), ...(await rememberCheckout(request, id, context))]
		// "Pay by bank transfer (invoice)": our page, not the card's (docs/decisions/163); in the
		// queue (decision 161), the waiting page first (where the sandbox offers the transfer too).
		const next =
			link !== null && read.body.method === 'transfer' && bankTransferAccount()
				? `${context.origin}${inLocale(transferPath(id))}`
				: link
		return startedCheckoutAnswer(
			{ id, next, locale: pageLocale, origin: context.origin },
			{ json: !isForm, headers },
		)
	} catch (error) {
		if (error instanceof CheckoutError)
			return fail(error.status, error.reason, error.code, error.retryAfterSeconds)
		// Saturated or down: try again shortly, logged once per outage (docs/decisions/104).
		// A form post goes to the processing page, which says so.
		if (databaseWasUnavailable(error)) {
			if (isForm) return fail(503, CHECKOUT_BUSY_REASON, 'busy')
			countCheckout('failed', 'busy')
			return Response.json(
				{ error: checkoutFailed(CHECKOUT_BUSY_REASON) },
				{ status: 503, headers: unavailableHeaders() },
			)
		}
		log.error({ err: error }, 'POST /checkout failed')
		return fail(503, DEFAULT_CHECKOUT_REASON)
	}
}
