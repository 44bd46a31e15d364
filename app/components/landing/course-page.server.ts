import type { ActionFunctionArgs, AppLoadContext } from '@remix-run/node'
import { courseCopy } from '~/components/landing/course-copy.server'
import { getCourseFaq } from '~/models/course-faq.server'
import { getCourseOffer, parsePricingChoice } from '~/models/offer.server'
import { readOneClickLink } from '~/models/one-click.server'
import { handleSignupForm } from '~/models/signup-actions.server'
import { geoQuery } from '~/utils/api.server'
import { honeypotProps } from '~/utils/honeypot.server'

/** What `/` and `/for/:framework` show (SPEC §2: the same page). */
export async function loadCoursePage(request: Request, context: AppLoadContext) {
	const pricing = parsePricingChoice(new URL(request.url).searchParams.get('pricing'))
	const [offer, faq] = await Promise.all([
		getCourseOffer({ geo: geoQuery(request, context), pricing }),
		getCourseFaq(),
	])
	return {
		offer,
		faq,
		copy: courseCopy,
		oneClick: readOneClickLink(request),
		honeypot: honeypotProps(),
	}
}

/** The course-interest sign-up of those pages. */
export function courseInterestAction({ request, context }: ActionFunctionArgs) {
	return handleSignupForm({ request, context, list: 'course', schema: 'interest' })
}
