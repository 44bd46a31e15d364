import {
	type ActionFunctionArgs,
	json,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CourseLanding } from '~/components/course-landing'
import { OneClickSignup, SignupForm } from '~/components/islands'
import { courseCopy } from '~/components/landing/course-copy.server'
import { LeadLayout } from '~/components/layouts'
import { getCourseFaq } from '~/models/course-faq.server'
import { getCourseOffer, parsePricingChoice } from '~/models/offer.server'
import { readOneClickLink } from '~/models/one-click.server'
import { handleSignupForm } from '~/models/signup-actions.server'
import { geoQuery } from '~/utils/api.server'
import type { RouteHandle } from '~/utils/color-mode'
import { honeypotProps } from '~/utils/honeypot.server'
import { pageMeta } from '~/utils/meta'

// The landing page is always dark (SPEC §2).
export const handle: RouteHandle = { colorMode: 'dark' }

export const meta: MetaFunction = (args) => pageMeta(args)

export async function loader({ request, context }: LoaderFunctionArgs) {
	const pricing = parsePricingChoice(new URL(request.url).searchParams.get('pricing'))
	const [offer, faq] = await Promise.all([
		getCourseOffer({ geo: geoQuery(request, context), pricing }),
		getCourseFaq(),
	])
	return json({
		offer,
		faq,
		copy: courseCopy,
		oneClick: readOneClickLink(request),
		honeypot: honeypotProps(),
	})
}

export async function action({ request, context }: ActionFunctionArgs) {
	return handleSignupForm({ request, context, list: 'course', schema: 'interest' })
}

export default function Index() {
	const { offer, faq, copy, oneClick, honeypot } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	return (
		<LeadLayout>
			{oneClick ? <OneClickSignup link={oneClick} honeypot={honeypot} /> : null}
			<CourseLanding
				copy={copy}
				offer={offer}
				faq={faq}
				signup={
					<SignupForm
						list="course"
						id="course-interest"
						schema="interest"
						lastResult={lastResult}
						honeypot={honeypot}
						submitLabel="Keep me posted"
						consent="We e-mail you when the course opens and about the pre-order. Unsubscribe any time."
					/>
				}
			/>
		</LeadLayout>
	)
}
