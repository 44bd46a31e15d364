import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps, readOn, readOnGerman } from '~/components/next-steps'
import { useLocale } from '~/components/use-locale'
import type { Locale } from '~/domain/locale'
import { redirectWithinSite } from '~/http/redirect'
import { localeOfPath, localePath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

/** Its words, German under /de (docs/decisions/176). */
const COPY: Record<Locale, { title: string; lead: string; now: string; receipt: string }> = {
	'en-US': {
		title: 'Payment successful',
		lead: 'Thank you! Your payment went through and a receipt is on its way to your inbox.',
		now: 'Now',
		receipt:
			'The receipt, with a link to each pass and the date as a calendar file, is on its way to the address you paid with.',
	},
	'de-DE': {
		title: 'Zahlung erfolgreich',
		lead: 'Vielen Dank! Ihre Zahlung ist eingegangen, und eine Quittung ist unterwegs in Ihr Postfach.',
		now: 'Jetzt',
		receipt:
			'Die Quittung mit einem Link zu jedem Pass und dem Termin als Kalenderdatei ist unterwegs an die Adresse, mit der Sie bezahlt haben.',
	},
}

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title })

/** With an order id (a provider's success URL), the processing page verifies it first. */
export function loader({ request }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const id = url.searchParams.get('id')
	if (id)
		throw redirectWithinSite(
			localePath(`/checkout/processing?id=${encodeURIComponent(id)}`, localeOfPath(url.pathname)),
			'/',
		)
	return null
}

export default function Page() {
	const locale = useLocale()
	const copy = COPY[locale]
	return (
		<LeadLayout>
			<PageHeading title={copy.title} lead={copy.lead} />
			<NextSteps
				steps={[{ when: copy.now, what: copy.receipt }]}
				links={locale === 'de-DE' ? readOnGerman : readOn}
			/>
		</LeadLayout>
	)
}
