/**
 * /waitlist (docs/decisions/120): joining a sold-out product's waiting list. The landing pages'
 * form posts here; a form post that passes goes 303 to /waitlist/joined, one that does not gets
 * this page with the form and its errors beside the fields (status 400); JSON gets
 * `{ joined: true }` or a 4xx with the form's reply (`{ error: { field: [message] } }`).
 * GET `?code=…&region=…` shows the form for that product.
 */
import type { SubmissionResult } from '@conform-to/react'
import {
	type ActionFunctionArgs,
	json,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { WaitlistForm } from '~/components/waitlist-form'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { parseForm } from '~/forms/parse.server'
import { geoQuery } from '~/http/api.server'
import { getPricingTable } from '~/models/catalog.server'
import { CheckoutError, regionAllowed } from '~/models/checkout/index.server'
import { getCountryInfo } from '~/models/country.server'
import { GLOBAL_REGION } from '~/models/pricing'
import { getWaitlistState, joinWaitlist } from '~/models/waitlist/entries.server'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Join the waiting list' })

const noStore = { 'Cache-Control': 'no-store' }
const CODE = /^[a-z0-9][a-z0-9-]{0,63}$/

async function formFor(code: string | null, region: string | null) {
	const product = code && CODE.test(code) ? code : null
	const state = product ? await getWaitlistState(await getDb(), product) : null
	if (!product || !state) throw new Response('No such product', { status: 404 })
	return {
		code: product,
		region: region && /^[A-Z0-9]{1,16}$/.test(region) ? region : GLOBAL_REGION,
		waiting: state.waiting,
		unit: state.unit,
		maxQuantity: getConfig().MAX_QUANTITY,
	}
}

export async function loader({ request }: LoaderFunctionArgs) {
	const params = new URL(request.url).searchParams
	return json(await formFor(params.get('code'), params.get('region')), { headers: noStore })
}

async function readSubmission(request: Request): Promise<{ form: boolean; data: FormData }> {
	const type = request.headers.get('content-type') ?? ''
	if (type.includes('application/json')) {
		const body: unknown = await request.json().catch(() => null)
		const data = new FormData()
		if (typeof body === 'object' && body !== null && !Array.isArray(body))
			for (const [key, value] of Object.entries(body))
				if (typeof value === 'string' || typeof value === 'number') data.set(key, String(value))
		return { form: false, data }
	}
	return { form: true, data: await request.formData().catch(() => new FormData()) }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const { form, data } = await readSubmission(request)
	const submission = parseForm('waitlistJoin', data, { maxQuantity: getConfig().MAX_QUANTITY })
	const refuse = (status: number, reply: SubmissionResult<string[]>) =>
		json(form ? reply : { error: reply.error ?? {} }, { status, headers: noStore })
	if (submission.status !== 'success') return refuse(400, submission.reply())
	const { region } = submission.value
	const db = await getDb()
	// Never another country's discount, as at checkout: the offer is priced in this region.
	const table = await getPricingTable(db)
	const country = await getCountryInfo(db, geoQuery(request, context))
	if (
		!table.regions.some((known) => known.name === region) ||
		!regionAllowed(region, country.details.region)
	)
		return refuse(
			403,
			submission.reply({
				fieldErrors: { region: ['That price is not available in your country'] },
			}),
		)
	try {
		await joinWaitlist(db, submission.value)
	} catch (error) {
		if (!(error instanceof CheckoutError)) throw error
		return refuse(
			error.status,
			submission.reply({ fieldErrors: { code: ['That product is not on sale'] } }),
		)
	}
	return form ? redirect('/waitlist/joined', 303) : json({ joined: true }, { headers: noStore })
}

/** The form again, with what was wrong beside each field (a post without JavaScript). */
export default function Page() {
	const product = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined
	return (
		<LeadLayout>
			<PageHeading
				title="Join the waiting list"
				lead="Every seat is taken for now. Leave your address and how many you want: when some come back, the first people waiting get an e-mail."
			/>
			<WaitlistForm {...product} lastResult={lastResult} />
		</LeadLayout>
	)
}
