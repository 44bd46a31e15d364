import { Link } from '@remix-run/react'
import type { ComponentProps, ReactNode } from 'react'
import { buttonClasses } from '~/components/button-classes'
import {
	CheckoutForm,
	CourseOffer,
	EventDate,
	OneClickSignup,
	SignupForm,
	WaitlistForm,
} from '~/components/islands'
import type { CourseSectionsHtml } from '~/components/landing/sections.server'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { SectionHeading } from '~/components/section-heading'
import { ServerHtml } from '~/components/server-html'
import { courseBuyWords, courseIsOpen } from '~/domain/course-status'
import type { CourseOffer as Offer } from '~/models/course/offer.server'
import type { PresentedEvent } from '~/models/events/calendar.server'
import { localePath } from '~/utils/i18n'
import { useLocale } from './use-locale'

/** The page's own words per language (decision 175); the sections' are the server's. */
const COPY = {
	'en-US': {
		examplesFor: (framework: string) => `With examples for ${framework} developers.`,
		joinWorkshop: 'Join the free workshop',
		opens: 'The course opens',
		notReady: 'Not ready yet?',
		notReadyLead:
			'Start with the free workshop, or join us for a day of talks at AI Driven Development Day.',
		startWorkshop: 'Start with the workshop',
		keepPosted: 'Keep me posted',
		consentOpen: 'We e-mail you now and then with news of the course. Unsubscribe any time.',
		consentPreOrder:
			'We e-mail you when the course opens, and now and then with news of it. Unsubscribe any time.',
	},
	'de-DE': {
		examplesFor: (framework: string) => `Mit Beispielen für ${framework}-Entwickler.`,
		joinWorkshop: 'Zum kostenlosen Workshop',
		opens: 'Der Kurs öffnet',
		notReady: 'Noch nicht so weit?',
		notReadyLead:
			'Beginnen Sie mit dem kostenlosen Workshop, oder verbringen Sie einen Tag voller Vorträge mit uns beim AI Driven Development Day.',
		startWorkshop: 'Mit dem Workshop beginnen',
		keepPosted: 'Auf dem Laufenden bleiben',
		consentOpen:
			'Wir schreiben Ihnen ab und zu Neuigkeiten zum Kurs. Sie können sich jederzeit abmelden.',
		consentPreOrder:
			'Wir schreiben Ihnen, wenn der Kurs öffnet, und ab und zu Neuigkeiten dazu. Sie können sich jederzeit abmelden.',
	},
}

/**
 * The course's page, shared by `/` and `/for/:framework`: a pre-order until the course opens,
 * then enrolment with access now (the course's status, docs/decisions/156).
 */
export function CourseLanding({
	lead,
	sections,
	framework,
	offer,
	release = null,
	signup,
	waitlist = null,
	honeypot,
}: {
	/** The page's lead paragraph, from the loader. */
	lead: string
	/** Its text sections, rendered by the server (sections.server.tsx, docs/decisions/147). */
	sections: CourseSectionsHtml
	framework?: string
	/** Price and seats from the database; null when it could not answer. */
	offer?: Offer | null
	/** The course-interest sign-up form (docs/decisions/062), shown in the #interest section. */
	signup?: ReactNode
	/** When the course opens (content/site/events.yml, docs/decisions/086). */
	release?: PresentedEvent | null
	/** Whether the seats are gone and how many people wait (docs/decisions/120). */
	waitlist?: { soldOut: boolean; waiting: number } | null
	/** The public forms' honeypot, for the waiting-list form. */
	honeypot: ComponentProps<typeof WaitlistForm>['honeypot']
}) {
	const locale = useLocale()
	const copy = COPY[locale]
	const open = courseIsOpen(offer?.course.status)
	const words = courseBuyWords(offer?.course.status, locale)
	return (
		<>
			<PageHeading title={offer?.course.name ?? 'AI Driven Dev'} lead={lead} />
			{framework ? (
				<p className="-mt-4 mb-6 text-lg font-medium text-indigo-700 dark:text-indigo-300">
					{copy.examplesFor(framework)}
				</p>
			) : null}
			<p className="flex flex-wrap gap-4">
				<a href="#pricing" className={buttonClasses('primary')}>
					{open ? words.heading : words.button}
				</a>
				<Link to={localePath('/workshop', locale)} className={buttonClasses('secondary')}>
					{copy.joinWorkshop}
				</Link>
			</p>
			{/* Once open, no release date: the owner may have opened before it, so it would say the
			    course opened on a day still to come (decision 156). */}
			{release && !open ? (
				<div className="mt-8">
					<EventDate event={release} label={copy.opens} />
				</div>
			) : null}
			<ServerHtml part={sections.outcomes} />
			<ServerHtml part={sections.curriculum} />
			<ServerHtml part={sections.audience} />
			<ServerHtml part={sections.instructors} />
			<ServerHtml part={sections.testimonials} />
			<section
				id="pricing"
				aria-labelledby="preorder-heading"
				className="my-10 scroll-mt-6 rounded-2xl border border-slate-200 bg-white/80 p-6 dark:border-slate-800 dark:bg-slate-900/80"
			>
				<h2 id="preorder-heading" className="text-xl font-semibold">
					{words.heading}
				</h2>
				<p className="mt-2 text-slate-700 dark:text-slate-300">{words.lead}</p>
				{offer ? (
					<CourseOffer
						key={`${offer.regionalPricing}:${offer.country.details.region}`}
						offer={offer}
					/>
				) : null}
				<ServerHtml part={sections.included} />
				<div id="checkout">
					{offer?.item && waitlist?.soldOut ? (
						<WaitlistForm
							code={offer.item.code}
							region={offer.item.region}
							waiting={waitlist.waiting}
							unit="seat"
							honeypot={honeypot}
						/>
					) : offer?.item ? (
						<CheckoutForm
							code={offer.item.code}
							type={offer.item.type}
							region={offer.item.region}
							label={words.button}
						/>
					) : null}
				</div>
			</section>
			<ServerHtml part={sections.faq} />
			<section id="interest" aria-labelledby="interest-heading" className="py-10">
				<SectionHeading id="interest-heading" title={copy.notReady} lead={copy.notReadyLead} />
				{signup ? <div className="mb-8">{signup}</div> : null}
				<p className="flex flex-wrap gap-4">
					<Link to={localePath('/workshop', locale)} className={buttonClasses('primary')}>
						{copy.startWorkshop}
					</Link>
					<Link
						to={localePath('/ai-driven-development-day', locale)}
						className={buttonClasses('secondary')}
					>
						AI Driven Development Day
					</Link>
				</p>
			</section>
		</>
	)
}

/**
 * The whole of `/` and `/for/:framework` (SPEC §2: the same page): a one-click sign-up when the
 * URL carries one, the landing, and the course-interest sign-up in its #interest section.
 */
export function CoursePage({
	oneClick,
	honeypot,
	lastResult,
	...landing
}: Omit<ComponentProps<typeof CourseLanding>, 'signup' | 'honeypot'> &
	Pick<ComponentProps<typeof SignupForm>, 'lastResult' | 'honeypot'> & {
		oneClick: ComponentProps<typeof OneClickSignup>['link'] | null
	}) {
	const copy = COPY[useLocale()]
	const open = courseIsOpen(landing.offer?.course.status)
	return (
		<LeadLayout>
			{oneClick ? <OneClickSignup link={oneClick} honeypot={honeypot} /> : null}
			<CourseLanding
				{...landing}
				honeypot={honeypot}
				signup={
					<SignupForm
						list="course"
						id="course-interest"
						submitLabel={copy.keepPosted}
						consent={open ? copy.consentOpen : copy.consentPreOrder}
						lastResult={lastResult}
						honeypot={honeypot}
					/>
				}
			/>
		</LeadLayout>
	)
}
