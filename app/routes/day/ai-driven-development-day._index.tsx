import {
	type ActionFunctionArgs,
	data,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { DAY_WORDS } from '~/components/day-words'
import {
	CheckoutForm,
	EventDate,
	OneClickSignup,
	SignupForm,
	WaitlistForm,
} from '~/components/islands'
import { SignedUpNotice } from '~/components/landing/page-parts'
import { speakersHtml } from '~/components/landing/sections.server'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { SectionHeading } from '~/components/section-heading'
import { ServerHtml } from '~/components/server-html'
import { useLocale } from '~/components/use-locale'
import type { SiteEvent } from '~/content/site-content'
import { eventsOf, getSiteContent } from '~/content/site-content.server'
import { getDb } from '~/db/client.server'
import { formatPrice } from '~/domain/pricing'
import { type EventState, eventData, type JsonLd } from '~/domain/structured-data'
import { geoQuery, pageGeoQuery } from '~/http/api.server'
import { publicPageHeaders, regionalPageHeaders } from '~/http/cache-control.server'
import { isSignedUp, signedUpCookie } from '~/http/cookies.server'
import { pageHoneypot } from '~/http/honeypot.server'
import { type DayPass, getDayPasses } from '~/models/course/day-pass.server'
import { presentEvent } from '~/models/events/calendar.server'
import { eventStates } from '~/models/events/event-states.server'
import { readOneClickLink } from '~/models/preferences/one-click.server'
import { signupResponse, submitSignupForm } from '~/routes/landing/signup-forms.shared.server'
import { site, siteOrganisation } from '~/site'
import type { RouteHandle } from '~/utils/color-mode'
import { localeOfPath, localePath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

// Passes are sold here: the footer links the terms (docs/decisions/152).
export const handle: RouteHandle = { sells: true }

// The same page for every anonymous visitor with the same markup inputs (docs/decisions/070).
export const headers = publicPageHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
	pageMeta(args, {
		title: DAY_WORDS[localeOfPath(args.location.pathname)].title,
		description: DAY_WORDS[localeOfPath(args.location.pathname)].lead,
		structuredData: args.data?.structuredData,
	})

export async function loader({ request, context }: LoaderFunctionArgs) {
	const { people, agenda } = getSiteContent()
	const [day] = eventsOf('day')
	const locale = localeOfPath(new URL(request.url).pathname)
	const geo = geoQuery(request, context)
	const db = await getDb()
	// The page cache keeps one page per pricing region: the country shown is filled in per answer
	// (decision 160).
	const dayPasses = await getDayPasses(db, pageGeoQuery(request, context))
	const states = await eventStates(db, day ? [day] : [])
	return data(
		{
			...dayPasses,
			// The date, agenda and speakers come from content/site/ (docs/decisions/086, 087).
			event: day ? presentEvent(day, context.origin, locale) : null,
			// What a pass and the free registration each give, as the owner words it (decision 155).
			includes: day?.includes ?? null,
			agenda: agenda.day,
			speakers: speakersHtml(people.speakers, locale, context.serverHtml),
			signedUp: isSignedUp(request, 'day_event'),
			oneClick: readOneClickLink(new URL(request.url)),
			honeypot: pageHoneypot(context),
			structuredData: day
				? [dayStructuredData(day, dayPasses.passes, people.speakers, context.origin, states)]
				: [],
		},
		{ headers: regionalPageHeaders(geo) },
	)
}

/**
 * The day as search engines read it (docs/decisions/169): its date, state and speakers, the free
 * registration and each pass at the price and availability this visitor's page shows.
 */
function dayStructuredData(
	day: SiteEvent,
	passes: readonly DayPass[],
	speakers: readonly { name: string }[],
	origin: string,
	states: Map<string, EventState>,
): JsonLd {
	const url = `${origin}/ai-driven-development-day`
	return eventData({
		name: day.title,
		description: day.description,
		url,
		image: `${origin}${site.socialImage.path}`,
		start: day.start,
		end: day.end,
		timeZone: day.timeZone,
		state: states.get(day.id) ?? { status: 'scheduled' },
		organiser: siteOrganisation(origin),
		performers: speakers.map((person) => person.name),
		offers: [
			// The free registration, priced in the passes' currency (the page says "Free").
			{
				price: 0,
				currency: passes[0]?.currency ?? 'USD',
				availability: 'InStock',
				url: `${url}#register`,
			},
			...passes.map((pass) => ({
				price: pass.price,
				currency: pass.currency,
				availability: pass.waitlist?.soldOut ? ('SoldOut' as const) : ('InStock' as const),
				url: `${url}#passes`,
			})),
		],
	})
}

export async function action({ request, context }: ActionFunctionArgs) {
	const outcome = await submitSignupForm(request, context, 'day_event')
	return signupResponse(outcome, signedUpCookie('day_event', context))
}

export default function Page() {
	const { passes, country, event, includes, agenda, speakers, signedUp, oneClick, honeypot } =
		useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const locale = useLocale()
	const words = DAY_WORDS[locale]
	// The agenda and the passes' own texts are content, English for now.
	const contentLang = locale === 'en-US' ? undefined : 'en'
	return (
		<LeadLayout>
			<PageHeading title={words.title} lead={words.lead} />
			{event ? <EventDate event={event} label={words.when} /> : null}
			<section aria-labelledby="agenda-heading" className="py-10">
				<SectionHeading
					id="agenda-heading"
					title={words.agenda}
					lead={event ? words.timesIn(event.zoneName) : undefined}
				/>
				<ol
					lang={contentLang}
					className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white/70 dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900/70"
				>
					{agenda.map(({ time, title, speaker }) => (
						<li key={time} className="flex gap-4 p-4">
							<span className="w-14 shrink-0 font-mono text-indigo-700 dark:text-indigo-300">
								{time}
							</span>
							<span>
								<span className="block font-semibold">{title}</span>
								{speaker ? (
									<span className="text-slate-700 dark:text-slate-300">{speaker}</span>
								) : null}
							</span>
						</li>
					))}
				</ol>
			</section>
			<ServerHtml part={speakers} />
			<section aria-labelledby="passes-heading" id="passes" className="py-10">
				<SectionHeading id="passes-heading" title={words.passes} lead={words.passesLead} />
				{includes ? <Includes text={includes.pass} lang={contentLang} /> : null}
				<ul className="grid gap-4 sm:grid-cols-2">
					{passes.map((pass) => (
						<li
							key={pass.code}
							className="rounded-2xl border border-slate-200 bg-white/80 p-6 dark:border-slate-800 dark:bg-slate-900/80"
						>
							<h3 lang={contentLang} className="font-semibold">
								{pass.name}
							</h3>
							<p className="mt-2 flex items-baseline gap-2">
								<span className="text-3xl font-bold">
									{formatPrice(pass.price, pass.currency, locale)}
								</span>
								<span className="text-sm text-slate-600 dark:text-slate-400">{pass.currency}</span>
								{pass.globalPrice !== null ? (
									<span className="text-slate-600 line-through dark:text-slate-400">
										<span className="sr-only">{words.insteadOf}</span>
										{formatPrice(pass.globalPrice, pass.currency, locale)}
									</span>
								) : null}
							</p>
							{pass.globalPrice !== null && country ? (
								<p className="text-sm text-emerald-700 dark:text-emerald-300">
									{words.regionalPrice(country, pass.discountPercent)}
								</p>
							) : null}
							<p lang={contentLang} className="mt-2 text-slate-700 dark:text-slate-300">
								{pass.description}
							</p>
							{pass.waitlist?.soldOut ? (
								<WaitlistForm
									code={pass.code}
									region={pass.region}
									waiting={pass.waitlist.waiting}
									unit="pass"
									honeypot={honeypot}
								/>
							) : (
								<CheckoutForm
									code={pass.code}
									type={pass.type}
									region={pass.region}
									label={words.buyPasses}
								/>
							)}
						</li>
					))}
				</ul>
			</section>
			<section id="register" aria-labelledby="register-heading" className="py-10">
				<SectionHeading id="register-heading" title={words.register} lead={words.registerLead} />
				{includes ? <Includes text={includes.registration} lang={contentLang} /> : null}
				{oneClick ? <OneClickSignup link={oneClick} honeypot={honeypot} /> : null}
				{signedUp ? (
					<SignedUpNotice next={localePath('/ai-driven-development-day/enrolled', locale)}>
						{words.registered}
					</SignedUpNotice>
				) : (
					<SignupForm
						list="day_event"
						id="day-event-signup"
						lastResult={lastResult}
						honeypot={honeypot}
						submitLabel={words.register}
						consent={words.consent}
					/>
				)}
			</section>
		</LeadLayout>
	)
}

/** What one kind of place gives, beside its form (decision 155). */
function Includes({ text, lang }: { text: string; lang: string | undefined }) {
	return (
		<p
			lang={lang}
			className="mb-4 rounded-xl border border-indigo-200 bg-indigo-50 p-4 text-slate-800 dark:border-indigo-900 dark:bg-indigo-950/60 dark:text-slate-200"
		>
			{text}
		</p>
	)
}
