import { Link } from '@remix-run/react'
import { CourseOffer } from '~/components/course-offer'
import { PageHeading } from '~/components/layouts'
import type { CourseOffer as Offer } from '~/models/offer.server'

/** The course pre-order page, shared by `/` and `/for/:framework`. */
export function CourseLanding({
	framework,
	offer,
}: {
	framework?: string
	/** Price and seats from the database; null when it could not answer. */
	offer?: Offer | null
}) {
	return (
		<>
			<PageHeading
				title={offer?.course.name ?? 'AI Driven Dev'}
				lead="A hands-on course on building software with AI at your side: plan, prompt, review and ship real features faster, without giving up on quality."
			/>
			{framework ? (
				<p className="-mt-4 mb-6 text-lg font-medium text-indigo-700 dark:text-indigo-300">
					With examples for {framework} developers.
				</p>
			) : null}
			<section
				aria-labelledby="preorder-heading"
				className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800"
			>
				<h2 id="preorder-heading" className="text-xl font-semibold">
					Pre-order now
				</h2>
				<p className="mt-2 text-slate-700 dark:text-slate-300">
					The course opens soon. Pre-order to lock in your seat at the launch price.
				</p>
				{offer ? (
					<CourseOffer
						key={`${offer.regionalPricing}:${offer.country.details.region}`}
						offer={offer}
					/>
				) : null}
				<p className="mt-4 flex flex-wrap gap-4">
					<Link
						to="/workshop"
						className="rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-500"
					>
						Join the free workshop
					</Link>
					<Link
						to="/ai-driven-development-day"
						className="rounded-lg border border-slate-300 px-5 py-3 font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
					>
						AI Driven Development Day
					</Link>
				</p>
			</section>
		</>
	)
}
