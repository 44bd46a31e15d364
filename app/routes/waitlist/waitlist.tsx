/**
 * /waitlist (docs/decisions/120): joining a sold-out product's waiting list. The landing pages'
 * form posts here; a form post that passes goes 303 to /waitlist/joined, one that does not gets
 * this page with the form and its errors beside the fields (a 4xx). JSON clients use
 * /api/waitlist. GET `?code=…&region=…` shows the form for that product.
 */
import type { SubmissionResult } from '@conform-to/react'
import {
	type ActionFunctionArgs,
	type AppLoadContext,
	data,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { WaitlistForm } from '~/components/waitlist-form'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { GLOBAL_REGION } from '~/domain/pricing'
import { checkHoneypot, pageHoneypot } from '~/http/honeypot.server'
import { getWaitlistState } from '~/models/waitlist/entries.server'
import { pageMeta } from '~/utils/meta'
import { submitWaitlistJoin } from './waitlist.shared.server'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Join the waiting list' })

const noStore = { 'Cache-Control': 'no-store' }
const CODE = /^[a-z0-9][a-z0-9-]{0,63}$/

async function formFor(code: string | null, region: string | null, context: AppLoadContext) {
	const product = code && CODE.test(code) ? code : null
	const state = product ? await getWaitlistState(await getDb(), product) : null
	if (!product || !state) throw new Response('No such product', { status: 404 })
	return {
		code: product,
		region: region && /^[A-Z0-9]{1,16}$/.test(region) ? region : GLOBAL_REGION,
		waiting: state.waiting,
		unit: state.unit,
		maxQuantity: getConfig().MAX_QUANTITY,
		honeypot: pageHoneypot(context),
	}
}

export async function loader({ request, context }: LoaderFunctionArgs) {
	const params = new URL(request.url).searchParams
	return data(await formFor(params.get('code'), params.get('region'), context), {
		headers: noStore,
	})
}

export async function action({ request, context }: ActionFunctionArgs) {
	const form = await request.formData().catch(() => new FormData())
	// A form post, from the landing pages or this one: a bot's gets a 400 and joins nothing. The
	// JSON API (/api/waitlist) has no page to carry the fields; the rate limits cover it.
	const formToken = checkHoneypot(form)
	const outcome = await submitWaitlistJoin(request, context, form, formToken)
	if ('joined' in outcome) return redirect('/waitlist/joined', 303)
	return data(outcome.reply, { status: outcome.status, headers: noStore })
}

/** The form again, with what was wrong beside each field (a post without JavaScript). */
export default function Page() {
	const product = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined
	return (
		<LeadLayout>
			<PageHeading
				title="Join the waiting list"
				lead="Every seat is taken for now. Leave your address and how many you want, then confirm it from the e-mail we send: when some come back, they are offered in the order places were confirmed, to the first person they fit."
			/>
			<WaitlistForm {...product} lastResult={lastResult} />
		</LeadLayout>
	)
}
