import type { MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CoursePage } from '~/components/course-landing'
import type { RouteHandle } from '~/utils/color-mode'
import { pageMeta } from '~/utils/meta'
import { courseInterestAction, courseLoader, coursePageHeaders } from './course-page.shared.server'

export { shouldRevalidate } from '~/utils/revalidate'

// The landing page is always dark (SPEC §2).
export const handle: RouteHandle = { colorMode: 'dark', sells: true }

// The same page for every anonymous visitor with the same markup inputs (docs/decisions/070).
export const headers = coursePageHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
	pageMeta(args, { structuredData: args.data?.structuredData })

export const loader = courseLoader

export const action = courseInterestAction

export default function Index() {
	return (
		<CoursePage {...useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
	)
}
