import { useEffect, useState } from 'react'
import { Icon } from '~/components/icons'
import { formatEventWhen, visitorTimeZone } from '~/domain/dates'
import type { Locale } from '~/domain/locale'
import type { PresentedEvent } from '~/models/events/calendar.server'
import { useLocale } from './use-locale'

/**
 * An event's date and time (docs/decisions/086). The server renders it in the event's own zone,
 * named; after hydration the browser adds the visitor's zone on a line of its own, so the server's
 * text is never replaced and hydration matches. Then "Add to calendar": the .ics file and Google.
 */
/** The card's own words, per language (decision 173). */
const WORDS = {
	'en-US': {
		provisional: 'Provisional date',
		yourTime: 'Your time',
		sameZone: 'That is your time zone too.',
		addToCalendar: 'Add to calendar (.ics)',
		forEvent: 'for',
	},
	'de-DE': {
		provisional: 'Vorläufiger Termin',
		yourTime: 'Ihre Zeit',
		sameZone: 'Das ist auch Ihre Zeitzone.',
		addToCalendar: 'Zum Kalender hinzufügen (.ics)',
		forEvent: 'für',
	},
} satisfies Record<Locale, unknown>

export function EventDate({ event, label }: { event: PresentedEvent; label?: string }) {
	const locale = useLocale()
	const words = WORDS[locale]
	const [local, setLocal] = useState<{ zone: string; when: string | null } | null>(null)
	useEffect(() => {
		const zone = visitorTimeZone()
		if (!zone) return
		setLocal({
			zone,
			when: zone === event.timeZone ? null : formatEventWhen(event, zone, locale),
		})
	}, [event, locale])
	return (
		<div className="rounded-2xl border border-slate-200 bg-white/80 p-4 dark:border-slate-800 dark:bg-slate-900/80">
			{label ? (
				<p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">{label}</p>
			) : null}
			<p className="flex items-start gap-2 font-semibold">
				<Icon name="calendar" className="mt-0.5 h-5 w-5 shrink-0" />
				<time dateTime={event.start}>{event.when}</time>
			</p>
			<p className="mt-1 pl-7 text-sm text-slate-600 dark:text-slate-400">
				{event.zoneName} · {event.location}
				{event.placeholder ? (
					<span className="ml-2 inline-block whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
						{words.provisional}
					</span>
				) : null}
			</p>
			{local ? (
				<p className="mt-1 pl-7 text-sm text-slate-700 dark:text-slate-300" data-visitor-time="">
					{local.when ? `${words.yourTime}: ${local.when}` : words.sameZone}
				</p>
			) : null}
			<p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 pl-7 text-sm">
				<a
					href={event.calendarPath}
					download
					className="font-medium text-indigo-700 underline underline-offset-4 dark:text-indigo-300"
				>
					{words.addToCalendar}
					<span className="sr-only">{` ${words.forEvent} ${event.title}`}</span>
				</a>
				<a
					href={event.googleCalendarUrl}
					rel="noopener noreferrer"
					className="font-medium text-indigo-700 underline underline-offset-4 dark:text-indigo-300"
				>
					Google Calendar
					<span className="sr-only">{` ${words.forEvent} ${event.title}`}</span>
				</a>
			</p>
		</div>
	)
}
