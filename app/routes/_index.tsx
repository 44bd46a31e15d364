import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CourseLanding } from '~/components/course-landing'
import { courseCopy } from '~/components/landing/course-copy.server'
import { LeadLayout } from '~/components/layouts'
import { getCourseFaq } from '~/models/course-faq.server'
import { getCourseOffer, parsePricingChoice } from '~/models/offer.server'
import { geoQuery } from '~/utils/api.server'
import type { RouteHandle } from '~/utils/color-mode'
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
	return json({ offer, faq, copy: courseCopy })
}

export default function Index() {
	const { offer, faq, copy } = useLoaderData<typeof loader>()
	return (
		<LeadLayout>
			<CourseLanding copy={copy} offer={offer} faq={faq} />
		</LeadLayout>
	)
}
