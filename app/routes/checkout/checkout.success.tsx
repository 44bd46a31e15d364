import { type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps, readOn } from '~/components/next-steps'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `Payment successful` })

/** With an order id (a provider's success URL), the processing page verifies it first. */
export function loader({ request }: LoaderFunctionArgs) {
	const id = new URL(request.url).searchParams.get('id')
	if (id) throw redirect(`/checkout/processing?id=${encodeURIComponent(id)}`)
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
