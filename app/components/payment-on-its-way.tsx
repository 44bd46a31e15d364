import { Link } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps, readOn, readOnGerman } from '~/components/next-steps'
import { useLocale } from '~/components/use-locale'
import type { Locale } from '~/domain/locale'
import { localePath } from '~/utils/i18n'

/** The view's words per language (decision 176); its steps come in the page's language. */
const COPY = {
	'en-US': {
		title: 'Your payment is on its way',
		lead: 'You paid with a method whose money takes a few days to reach us, so your order is not paid yet. We have e-mailed you what follows.',
		again: 'Check again now',
		readOn,
	},
	'de-DE': {
		title: 'Ihre Zahlung ist unterwegs',
		lead: 'Sie haben mit einer Methode bezahlt, deren Geld ein paar Tage zu uns braucht, daher ist Ihre Bestellung noch nicht bezahlt. Was folgt, haben wir Ihnen per E-Mail geschickt.',
		again: 'Jetzt erneut prüfen',
		readOn: readOnGerman,
	},
} satisfies Record<Locale, unknown>

/**
 * The processing page of a delayed payment under way (docs/decisions/164), in the words of the
 * buyer's e-mail (domain/delayed-payment.ts), in the page's language. Nothing polls: the money
 * takes days.
 */
export function PaymentOnItsWay({
	id,
	steps,
}: {
	id: string
	steps: { when: string; what: string }[]
}) {
	const locale = useLocale()
	const copy = COPY[locale]
	return (
		<LeadLayout>
			<PageHeading title={copy.title} lead={copy.lead} />
			<NextSteps steps={steps} links={copy.readOn} />
			<p className="mt-6">
				<Link
					to={localePath(`/checkout/processing?id=${encodeURIComponent(id)}`, locale)}
					className="underline"
				>
					{copy.again}
				</Link>
			</p>
		</LeadLayout>
	)
}
