import {
	type ActionFunctionArgs,
	json,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CourseInterestForm, CourseLanding } from '~/components/course-landing'
import { OneClickSignup } from '~/components/islands'
import { LeadLayout } from '~/components/layouts'
import type { RouteHandle } from '~/utils/color-mode'
import { courseInterestSignup, loadCoursePage } from '~/utils/course-page.server'
import { pageMeta } from '~/utils/meta'

// The landing page is always dark (SPEC §2).
export const handle: RouteHandle = { colorMode: 'dark' }

export const meta: MetaFunction = (args) => pageMeta(args)

export async function loader({ request, context }: LoaderFunctionArgs) {
	return json(await loadCoursePage(request, context))
}

/** The course-interest sign-up (docs/decisions/062). */
export async function action({ request, context }: ActionFunctionArgs) {
	const outcome = await courseInterestSignup(request, context)
	if (outcome.status === 'invalid') return json(outcome.reply, { status: 400 })
	return redirect(outcome.redirectTo)
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
				signup={<CourseInterestForm lastResult={lastResult} honeypot={honeypot} />}
			/>
		</LeadLayout>
	)
}
