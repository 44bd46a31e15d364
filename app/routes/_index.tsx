import type { MetaFunction } from '@remix-run/node'
import { CourseLanding } from '~/components/course-landing'
import { LeadLayout } from '~/components/layouts'
import type { RouteHandle } from '~/utils/color-mode'
import { pageMeta } from '~/utils/meta'

// The landing page is always dark (SPEC §2).
export const handle: RouteHandle = { colorMode: 'dark' }

export const meta: MetaFunction = (args) => pageMeta(args)

export default function Index() {
	return (
		<LeadLayout>
			<CourseLanding />
		</LeadLayout>
	)
}
