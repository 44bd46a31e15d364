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
import { useLocale } from '~/components/use-locale'
import { WaitlistForm } from '~/components/waitlist-form'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import type { Locale } from '~/domain/locale'
import { GLOBAL_REGION } from '~/domain/pricing'
import { checkHoneypot, pageHoneypot } from '~/http/honeypot.server'
import { getWaitlistState } from '~/models/waitlist/entries.server'
import { localeOfPath, localePath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { submitWaitlistJoin } from './waitlist.shared.server'

export { shouldRevalidate } from '~/utils/revalidate'

/** The page's words per language (decision 175). */
const COPY = {
	'en-US': {
		title: 'Join the waiting list',
		lead: 'Every seat is taken for now. Leave your address and how many you want, then confirm it from the e-mail we send: when some come back, they are offered in the order places were confirmed, to the first person they fit.',
	},
	'de-DE': {
		title: 'Auf die Warteliste',
		lead: 'Alle Plätze sind vergeben. Hinterlassen Sie Ihre Adresse und wie viele Sie möchten, und bestätigen Sie sie über die E-Mail, die wir Ihnen schicken: Werden welche frei, bieten wir sie in der Reihenfolge der Bestätigungen an, der ersten Person, zu der sie passen.',
	},
} satisfies Record<Locale, unknown>

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title })

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
	if ('joined' in outcome)
		return redirect(
			localePath('/waitlist/joined', localeOfPath(new URL(request.url).pathname)),
			303,
		)
	return data(outcome.reply, { status: outcome.status, headers: noStore })
}

/** The form again, with what was wrong beside each field (a post without JavaScript). */
export default function Page() {
	const product = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined
	const copy = COPY[useLocale()]
	return (
		<LeadLayout>
			<PageHeading title={copy.title} lead={copy.lead} />
			<WaitlistForm {...product} lastResult={lastResult} />
		</LeadLayout>
	)
}
