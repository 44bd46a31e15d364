/**
 * The request side of `/` and `/for/:framework` (SPEC §2: the same page): what the page shows
 * for this visitor, and its course-interest sign-up. One module for the two routes because they
 * are one page, not to save bytes: the Vite build leaves a route's `.server` imports out of the
 * browser's bundle (docs/decisions/098).
 */
import {
	type ActionFunctionArgs,
	type AppLoadContext,
	data,
	type LoaderFunctionArgs,
} from '@remix-run/node'
import { courseCopy } from '~/components/landing/course-copy.server'
import { courseSectionsHtml } from '~/components/landing/sections.server'
import type { SiteEvent } from '~/content/site-content'
import { eventsOf, getSeller, getSiteContent } from '~/content/site-content.server'
import { getDb } from '~/db/client.server'
import { courseIsOpen } from '~/domain/course-status'
import type { Locale } from '~/domain/locale'
import { courseData, type JsonLd } from '~/domain/structured-data'
import { geoQuery, pageGeoQuery } from '~/http/api.server'
import { regionalPageHeaders } from '~/http/cache-control.server'
import { pageHoneypot } from '~/http/honeypot.server'
import { getCourseFaq } from '~/models/course/faq.server'
import { type CourseOffer, getCourseOffer, parsePricingChoice } from '~/models/course/offer.server'
import { presentEvent } from '~/models/events/calendar.server'
import { readOneClickLink } from '~/models/preferences/one-click.server'
import { getWaitlistState } from '~/models/waitlist/entries.server'
import { site, siteOrganisation } from '~/site'
import { localeOfPath, localePath } from '~/utils/i18n'
import { signupResponse, submitSignupForm } from './signup-forms.shared.server'

/** What `/` and `/for/:framework` show (SPEC §2: the same page). */
export async function loadCoursePage(request: Request, context: AppLoadContext) {
	const pricing = parsePricingChoice(new URL(request.url).searchParams.get('pricing'))
	const db = await getDb()
	const [offer, faq] = await Promise.all([
		getCourseOffer(db, { geo: pageGeoQuery(request, context), pricing }),
		getCourseFaq(db),
	])
	// Sold out: the buy form becomes the waiting list's (docs/decisions/120).
	const waitlist = offer?.item ? await getWaitlistState(db, offer.item.code) : null
	const { people, testimonials } = getSiteContent()
	const [release] = eventsOf('course')
	const locale = localeOfPath(new URL(request.url).pathname)
	const copy = courseCopy[locale]
	return {
		offer,
		waitlist,
		lead: copy.lead,
		// The text sections as the server's HTML (docs/decisions/147), the instructors and the
		// proof from content/site/ (docs/decisions/087).
		sections: courseSectionsHtml({
			locale,
			copy,
			faq,
			contact: getSeller().contactEmail ?? null,
			instructors: people.instructors,
			testimonials,
			document: context.serverHtml,
		}),
		// The course release's date (content/site/, docs/decisions/086).
		release: release ? presentEvent(release, context.origin, locale) : null,
		oneClick: readOneClickLink(new URL(request.url)),
		honeypot: pageHoneypot(context),
		structuredData: courseStructuredData(
			offer,
			release,
			people.instructors,
			context.origin,
			locale,
		),
	}
}

/**
 * The course as search engines read it (docs/decisions/169): the name, price and seats this
 * visitor's page shows, the opening date while the page shows it. None when the price is unknown.
 */
function courseStructuredData(
	offer: CourseOffer | null,
	release: SiteEvent | undefined,
	instructors: readonly { name: string }[],
	origin: string,
	locale: Locale,
): JsonLd[] {
	if (!offer?.item) return []
	const open = courseIsOpen(offer.course.status)
	const url = `${origin}${localePath('/', locale)}`
	const copy = courseCopy[locale]
	return [
		courseData({
			name: offer.course.name,
			description: copy.lead,
			url,
			image: `${origin}${site.socialImage.path}`,
			provider: siteOrganisation(origin),
			offer: {
				price: offer.item.price,
				currency: offer.item.currency,
				availability: offer.course.seats.left <= 0 ? 'SoldOut' : open ? 'InStock' : 'PreOrder',
				url: `${url}#pricing`,
			},
			workload: `PT${copy.workloadHours}H`,
			opens: release && !open ? { start: release.start, timeZone: release.timeZone } : null,
			instructors: instructors.map((person) => person.name),
			// The course itself is taught in English, whatever the page's language.
			language: 'en',
		}),
	]
}

export { publicPageHeaders as coursePageHeaders } from '~/http/cache-control.server'

/** The loader of `/`. */
export async function courseLoader({ request, context }: LoaderFunctionArgs) {
	return data(await loadCoursePage(request, context), {
		headers: regionalPageHeaders(geoQuery(request, context)),
	})
}

/** The course-interest sign-up of those pages (docs/decisions/062). */
export async function courseInterestAction({ request, context }: ActionFunctionArgs) {
	return signupResponse(await submitSignupForm(request, context, 'course'))
}
