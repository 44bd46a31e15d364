/**
 * Launch day at a glance (issue 27 item 1, docs/decisions/121): today in the owner's time zone
 * and the last hour, side by side, and the job queue now. With JavaScript it asks
 * /admin/at-a-glance again every GLANCE_REFRESH_SECONDS while the tab is visible (not while it
 * is hidden; at once when it shows again); without, a link loads the page again.
 */
import { useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { money } from '~/components/admin/ui'
import type { LaunchDay, Period } from '~/domain/launch-day'
import { formatInZone, formatUtc } from '~/domain/time'
import { BUYER, countOf, SECOND } from '~/domain/words'

const GLANCE_REFRESH_SECONDS = 15
const GLANCE_PATH = '/admin/at-a-glance'

/**
 * Polls the figures while the document is visible; the latest ones, `initial` until then. A
 * plain fetch into state, not a Remix fetcher: a fetcher's data arrives in a transition, which
 * waits for any lazy island of the page still loading, so the panel could show old figures.
 * A failed poll (a network blip, a session ended) keeps the figures shown and tries again.
 */
function useLiveFigures(initial: LaunchDay): { figures: LaunchDay; live: boolean } {
	const [polled, setPolled] = useState<LaunchDay | null>(null)
	const [live, setLive] = useState(false)
	useEffect(() => {
		setLive(true)
		let timer: ReturnType<typeof setInterval> | undefined
		let controller: AbortController | undefined
		const load = async () => {
			controller?.abort()
			controller = new AbortController()
			try {
				const response = await fetch(GLANCE_PATH, {
					headers: { Accept: 'application/json' },
					signal: controller.signal,
				})
				if (response.ok) setPolled((await response.json()) as LaunchDay)
			} catch {
				// Aborted or offline: the next turn asks again.
			}
		}
		const stop = () => {
			if (timer !== undefined) clearInterval(timer)
			timer = undefined
		}
		const start = () => {
			stop()
			timer = setInterval(load, GLANCE_REFRESH_SECONDS * 1000)
		}
		const onVisibility = () => {
			if (document.visibilityState === 'visible') {
				void load()
				start()
			} else {
				stop()
				controller?.abort()
			}
		}
		if (document.visibilityState === 'visible') start()
		document.addEventListener('visibilitychange', onVisibility)
		return () => {
			stop()
			controller?.abort()
			document.removeEventListener('visibilitychange', onVisibility)
		}
	}, [])
	// A newer page load (the date filter) brings newer figures than an older poll.
	const figures = polled && polled.at > initial.at ? polled : initial
	return { figures, live }
}

const share = (part: number, whole: number) =>
	whole === 0 ? '' : ` (${Math.round((part / whole) * 100)} %)`

function revenueText(revenue: Period['revenue']) {
	return revenue.length === 0
		? money(0, 'EUR')
		: revenue.map((row) => money(row.amountMinor, row.currency)).join(' · ')
}

function PeriodFigures({ id, title, period }: { id: string; title: string; period: Period }) {
	const rows: [string, string][] = [
		['Orders paid', String(period.orders)],
		['Seats and passes sold', String(period.seats)],
		['Revenue', revenueText(period.revenue)],
		['Sign-ups', String(period.signups)],
		['Checkouts started', String(period.checkoutsStarted)],
		[
			'Of those, paid',
			`${period.checkoutsPaid}${share(period.checkoutsPaid, period.checkoutsStarted)}`,
		],
		['E-mails that failed', String(period.emailFailures)],
	]
	return (
		<section
			aria-labelledby={id}
			className="min-w-0 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
		>
			<h3 id={id} className="mb-2 font-semibold">
				{title}
			</h3>
			<dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
				{rows.map(([label, value]) => (
					<div key={label} className="contents">
						<dt className="text-slate-600 dark:text-slate-400">{label}</dt>
						<dd className="text-right font-semibold tabular-nums break-words">{value}</dd>
					</div>
				))}
			</dl>
		</section>
	)
}

export function LaunchDayPanel({ initial }: { initial: LaunchDay }) {
	const { figures, live } = useLiveFigures(initial)
	const location = useLocation()
	const { queue } = figures
	const failures = figures.todayFigures.emailFailures + figures.lastHour.emailFailures > 0
	return (
		<section aria-labelledby="section-at-a-glance" className="mt-6">
			<h2 id="section-at-a-glance" className="text-lg font-semibold">
				At a glance
			</h2>
			<p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
				As of{' '}
				<time dateTime={figures.at} title={formatUtc(figures.at)}>
					{formatInZone(figures.at, figures.timeZone).slice(11)}
				</time>{' '}
				in {figures.timeZone}.{' '}
				{live ? (
					<span>
						Updates by itself every {GLANCE_REFRESH_SECONDS} seconds while this tab is open.
					</span>
				) : (
					<a href={`${location.pathname}${location.search}`} className="underline">
						Refresh
					</a>
				)}
			</p>
			<div className="mt-3 grid gap-4 sm:grid-cols-2">
				<PeriodFigures
					id="glance-today"
					title={`Today (${figures.today})`}
					period={figures.todayFigures}
				/>
				<PeriodFigures id="glance-last-hour" title="The last hour" period={figures.lastHour} />
			</div>
			<p className="mt-3 text-sm">
				Waiting for a payment page: {countOf(figures.checkoutQueue.length, BUYER)}
				{figures.checkoutQueue.length > 0
					? `, the last about ${countOf(figures.checkoutQueue.waitSeconds, SECOND)} away`
					: ''}
				.
			</p>
			<p className="mt-1 text-sm">
				Job queue: {queue.due} waiting, {queue.running} running
				{queue.due + queue.running > 0 ? `, the oldest due ${queue.oldestWaitSeconds} s ago` : ''}.
				{failures ? (
					<>
						{' '}
						<a href="/admin/email?state=failed" className="underline">
							The e-mails that failed
						</a>
					</>
				) : null}
			</p>
		</section>
	)
}
