import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Icon } from '~/components/icons'
import { EventDate } from '~/components/islands'
import { useLocale } from '~/components/use-locale'
import type { PresentedEvent } from '~/models/events/calendar.server'

export type NextStep = { when: string; what: ReactNode }
export type OnwardLink = { to: string; label: string; text: string }

/** Where a visitor can always go next: reading while they wait. */
/** The German site's reading links (decision 173). */
export const readOnGerman: OnwardLink[] = [
	{ to: '/de/blog', label: 'Zum Blog', text: 'Notizen zum Bauen von Software mit KI.' },
	{
		to: '/de/cheatsheets',
		label: 'Zu den Cheatsheets',
		text: 'Einseitige Übersichten zum Offenhalten.',
	},
]

export const readOn: OnwardLink[] = [
	{ to: '/blog', label: 'Read the blog', text: 'Notes on building software with AI.' },
	{ to: '/cheatsheets', label: 'Get the cheatsheets', text: 'One-page references to keep open.' },
]

/**
 * The end of every action's page (docs/decisions/089): what happens next and when, the dates to
 * put in a calendar, and links onward, so a confirmation never ends the visit. No JavaScript.
 */
export function NextSteps({
	steps,
	events = [],
	links,
}: {
	steps: NextStep[]
	events?: readonly PresentedEvent[]
	links: readonly OnwardLink[]
}) {
	// Its two headings in the page's language (decision 173); the page gives the rest.
	const german = useLocale() === 'de-DE'
	return (
		<>
			<section aria-labelledby="next-heading" className="pb-10">
				<h2 id="next-heading" className="mb-4 text-2xl font-bold tracking-tight">
					{german ? 'Wie es weitergeht' : 'What happens next'}
				</h2>
				<ol className="space-y-4 border-l-2 border-indigo-600 pl-5">
					{steps.map((step) => (
						<li key={step.when}>
							<p className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">
								{step.when}
							</p>
							<p className="text-slate-800 dark:text-slate-200">{step.what}</p>
						</li>
					))}
				</ol>
				{events.length > 0 ? (
					<ul className="mt-6 grid gap-4 md:grid-cols-2">
						{events.map((event) => (
							<li key={event.id}>
								<EventDate event={event} label={event.title} />
							</li>
						))}
					</ul>
				) : null}
			</section>
			<nav aria-labelledby="onward-heading" className="pb-10">
				<h2 id="onward-heading" className="mb-4 text-2xl font-bold tracking-tight">
					{german ? 'Weiter geht’s' : 'Keep going'}
				</h2>
				<ul className="grid gap-4 sm:grid-cols-2">
					{links.map((link) => (
						<li key={link.to}>
							<Link
								to={link.to}
								className="flex h-full items-start gap-3 rounded-2xl border border-slate-200 bg-white/70 p-4 hover:border-indigo-500 dark:border-slate-800 dark:bg-slate-900/70"
							>
								<Icon
									name="arrow-right"
									className="mt-1 h-5 w-5 shrink-0 text-indigo-600 dark:text-indigo-400"
								/>
								<span>
									<span className="block font-semibold">{link.label}</span>
									<span className="text-slate-700 dark:text-slate-300">{link.text}</span>
								</span>
							</Link>
						</li>
					))}
				</ul>
			</nav>
		</>
	)
}
