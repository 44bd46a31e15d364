import { Link } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps, readOn } from '~/components/next-steps'

/**
 * The processing page of a delayed payment under way (docs/decisions/164), in the words of the
 * buyer's e-mail (domain/delayed-payment.ts). Nothing polls: the money takes days.
 */
export function PaymentOnItsWay({
	id,
	steps,
}: {
	id: string
	steps: { when: string; what: string }[]
}) {
	return (
		<LeadLayout>
			<PageHeading
				title="Your payment is on its way"
				lead="You paid with a method whose money takes a few days to reach us, so your order is not paid yet. We have e-mailed you what follows."
			/>
			<NextSteps steps={steps} links={readOn} />
			<p className="mt-6">
				<Link to={`/checkout/processing?id=${encodeURIComponent(id)}`} className="underline">
					Check again now
				</Link>
			</p>
		</LeadLayout>
	)
}
