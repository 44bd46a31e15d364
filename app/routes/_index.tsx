import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CourseLanding } from '~/components/course-landing'
import { LeadLayout } from '~/components/layouts'
import { getCourseOffer, parsePricingChoice } from '~/models/offer.server'
import { geoQuery } from '~/utils/api.server'
import type { RouteHandle } from '~/utils/color-mode'
import { pageMeta } from '~/utils/meta'

// The landing page is always dark (SPEC §2).
export const handle: RouteHandle = { colorMode: 'dark' }

export const meta: MetaFunction = (args) => pageMeta(args)

export async function loader({ request, context }: LoaderFunctionArgs) {
	const pricing = parsePricingChoice(new URL(request.url).searchParams.get('pricing'))
	return json({ offer: await getCourseOffer({ geo: geoQuery(request, context), pricing }) })
}

export default function Index() {
	const { offer } = useLoaderData<typeof loader>()
	return (
		<LeadLayout>
			<CourseLanding offer={offer} />
		</LeadLayout>
	)
}
