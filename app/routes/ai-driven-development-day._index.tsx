import {
	type ActionFunctionArgs,
	json,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Icon } from '~/components/icons'
import { CheckoutForm, OneClickSignup, SignupForm } from '~/components/islands'
import { SectionHeading, SignedUpNotice } from '~/components/landing/course-sections'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { getDayPasses } from '~/models/day-pass.server'
import { readOneClickLink } from '~/models/one-click.server'
import { formatPrice } from '~/models/pricing'
import { geoQuery } from '~/utils/api.server'
import { publicPageHeaders } from '~/utils/cache-control.server'
import { isSignedUp, signedUpCookie } from '~/utils/cookies.server'
import { honeypotProps } from '~/utils/honeypot.server'
import { pageMeta } from '~/utils/meta'
import { signupResponse, submitSignupForm } from '~/utils/signup-forms.server'

const lead =
	'One day of talks and hands-on sessions on building software with AI, from practitioners who ship with it every day.'

// The same page for every anonymous visitor with the same markup inputs (docs/decisions/070).
export const headers = publicPageHeaders

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: 'AI Driven Development Day', description: lead })

export async function loader({ request, context }: LoaderFunctionArgs) {
	return json({
		passes: await getDayPasses(geoQuery(request, context)),
		signedUp: isSignedUp(request, 'day_event'),
		oneClick: readOneClickLink(new URL(request.url)),
		honeypot: honeypotProps(),
	})
}

export async function action({ request, context }: ActionFunctionArgs) {
	const outcome = await submitSignupForm(request, context, 'day_event')
	return signupResponse(outcome, signedUpCookie('day_event', context))
}

const agenda: [time: string, title: string, speaker?: string][] = [
	['09:00', 'Doors open and coffee'],
	['09:30', 'Keynote: the developer’s job after autocomplete', 'Maya Lindqvist'],
	['10:30', 'Context engineering for real codebases', 'Tomás Oduya'],
	['11:30', 'Hands-on: test-first with an assistant', 'Priya Raman'],
	['13:00', 'Lunch'],
	['14:00', 'Agents in CI: what we automated and what we rolled back', 'Jonas Weber'],
	['15:00', 'Reviewing generated code without burning out', 'Aiko Tanaka'],
	['16:00', 'Panel and questions', 'All speakers'],
]

const speakers: [name: string, role: string][] = [
	['Maya Lindqvist', 'Principal engineer, developer tools'],
	['Tomás Oduya', 'Staff engineer, platform team'],
	['Priya Raman', 'Engineering manager and trainer'],
	['Jonas Weber', 'DevOps lead'],
	['Aiko Tanaka', 'Security-minded full-stack developer'],
]

export default function Page() {
	const { passes, signedUp, oneClick, honeypot } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	return (
		<LeadLayout>
			<PageHeading title="AI Driven Development Day" lead={lead} />
			<p className="flex flex-wrap gap-x-6 gap-y-2 text-slate-700 dark:text-slate-300">
				<span className="flex items-center gap-2">
					<Icon name="calendar" className="h-5 w-5" /> One full day, live
				</span>
				<span className="flex items-center gap-2">
					<Icon name="map-pin" className="h-5 w-5" /> Online, with recordings
				</span>
			</p>
			<section aria-labelledby="agenda-heading" className="py-10">
				<SectionHeading id="agenda-heading" title="Agenda" />
				<ol className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white/70 dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900/70">
					{agenda.map(([time, title, speaker]) => (
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
			<section aria-labelledby="speakers-heading" className="py-10">
				<SectionHeading id="speakers-heading" title="Speakers" />
				<ul className="grid gap-4 sm:grid-cols-2">
					{speakers.map(([name, role]) => (
						<li
							key={name}
							className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white/70 p-4 dark:border-slate-800 dark:bg-slate-900/70"
						>
							<span
								aria-hidden="true"
								className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white"
							>
								{name
									.split(' ')
									.map((part) => part[0])
									.join('')}
							</span>
							<span>
								<span className="block font-semibold">{name}</span>
								<span className="text-slate-700 dark:text-slate-300">{role}</span>
							</span>
						</li>
					))}
				</ul>
			</section>
			<section aria-labelledby="passes-heading" id="passes" className="py-10">
				<SectionHeading
					id="passes-heading"
					title="Passes"
					lead="Prices adjust to where you are, like the course."
				/>
				<ul className="grid gap-4 sm:grid-cols-2">
					{passes.map((pass) => (
						<li
							key={pass.code}
							className="rounded-2xl border border-slate-200 bg-white/80 p-6 dark:border-slate-800 dark:bg-slate-900/80"
						>
							<h3 className="font-semibold">{pass.name}</h3>
							<p className="mt-2 text-3xl font-bold">
								{formatPrice(pass.price, pass.currency)}{' '}
								<span className="text-sm font-normal text-slate-600 dark:text-slate-400">
									{pass.currency}
								</span>
							</p>
							<p className="mt-2 text-slate-700 dark:text-slate-300">{pass.description}</p>
							<CheckoutForm
								code={pass.code}
								type={pass.type}
								region={pass.region}
								label="Buy passes"
							/>
						</li>
					))}
				</ul>
			</section>
			<section id="register" aria-labelledby="register-heading" className="py-10">
				<SectionHeading
					id="register-heading"
					title="Register"
					lead="Register with your e-mail address; we send a link to complete your registration."
				/>
				{oneClick ? <OneClickSignup link={oneClick} honeypot={honeypot} /> : null}
				{signedUp ? (
					<SignedUpNotice next="/ai-driven-development-day/enrolled">
						You're registered for AI Driven Development Day.
					</SignedUpNotice>
				) : (
					<SignupForm
						list="day_event"
						id="day-event-signup"
						lastResult={lastResult}
						honeypot={honeypot}
						submitLabel="Register"
						consent="We e-mail you a link to complete your registration, then news about the day. Unsubscribe any time."
					/>
				)}
			</section>
		</LeadLayout>
	)
}
