import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps, readOn } from '~/components/next-steps'
import { redirectWithinSite } from '~/http/redirect'
import { localeOfPath, localePath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `Payment successful` })

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
	return (
		<LeadLayout>
			<PageHeading
				title="Payment successful"
				lead="Thank you! Your payment went through and a receipt is on its way to your inbox."
			/>
			<NextSteps
				steps={[
					{
						when: 'Now',
						what: 'The receipt, with a link to each pass and the date as a calendar file, is on its way to the address you paid with.',
					},
				]}
				links={readOn}
			/>
		</LeadLayout>
	)
}
