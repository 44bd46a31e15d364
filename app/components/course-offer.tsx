import { useLocation } from '@remix-run/react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { chooseRegion } from '~/components/chosen-region'
import { useApiClient } from '~/components/use-api-client'
import type { Locale } from '~/domain/locale'
import { formatPrice } from '~/domain/pricing'
import { pluralWord, unitsOf } from '~/domain/words'
import type { CourseOffer as Offer } from '~/models/course/offer.server'
import { createRegionalPricing } from '~/utils/regional-pricing'
import { useLocale } from './use-locale'

/** The box's words in each language (decision 175); the country's name is the page's, English. */
const COPY: Record<
	Locale,
	{
		insteadOf: string
		regionalPrice: (country: string | null, percent: number) => string
		showGlobal: string
		regionalSwitch: (country: string | null) => string
		sold: string
		left: string
		soldOut: string
		held: (count: number, seats: string) => string
	}
> = {
	'en-US': {
		insteadOf: 'instead of ',
		regionalPrice: (country, percent) => `Regional price for ${country}: ${percent}% off.`,
		showGlobal: 'Show the global price',
		regionalSwitch: (country) => `Use regional pricing for ${country}`,
		sold: 'sold',
		left: 'left',
		soldOut: 'Sold out',
		held: (count, seats) =>
			`${count} more ${seats} in checkouts in progress, back on sale unless paid`,
	},
	'de-DE': {
		insteadOf: 'statt ',
		regionalPrice: (country, percent) => `Regionaler Preis für ${country}: ${percent} % Rabatt.`,
		showGlobal: 'Globalen Preis zeigen',
		regionalSwitch: (country) => `Regionalen Preis für ${country} nutzen`,
		sold: 'verkauft',
		left: 'frei',
		soldOut: 'Ausverkauft',
		held: (count, seats) =>
			`${count} weitere ${seats} in laufenden Bestellungen, wieder frei, wenn nicht bezahlt`,
	},
}

/**
 * The seat's price in the visitor's region with the regional-pricing switch, and the seats
 * sold and left. The switch is a GET form (?pricing=global, and back to the bare page, which
 * clears the choice) that the server answers without JavaScript; with JavaScript it reloads the
 * catalog through the API client instead.
 */
export function CourseOffer({ offer }: { offer: Offer }) {
	return (
		<div className="mt-4 space-y-4">
			<SeatPrice offer={offer} />
			<SeatCounters seats={offer.course.seats} />
		</div>
	)
}

function SeatPrice({ offer }: { offer: Offer }) {
	const locale = useLocale()
	const copy = COPY[locale]
	const api = useApiClient()
	const { pathname } = useLocation()
	const [store] = useState(() =>
		createRegionalPricing({
			api,
			initial: {
				active: offer.regionalPricing,
				country: offer.country,
				items: offer.item ? [offer.item] : [],
				error: null,
			},
			query: offer.catalogQuery,
		}),
	)
	const state = useSyncExternalStore(store.subscribe, store.getState, store.getState)
	const item = state.items[0]
	// The buy form buys at the price shown here.
	useEffect(() => {
		if (item) chooseRegion(item.code, item.region)
	}, [item])
	const country = offer.country.details.country ?? offer.country.details.countryCode
	const hasRegionalPrice = offer.country.details.region !== 'GLOBAL'
	const discounted = item && item.discountPercent > 0

	return (
		<div>
			<div aria-live="polite" aria-busy={state.loading}>
				{item ? (
					<p className="flex items-baseline gap-2">
						<span className="text-4xl font-bold" data-testid="seat-price">
							{formatPrice(item.price, item.currency, locale)}
						</span>
						<span className="text-sm text-slate-600 dark:text-slate-400">{item.currency}</span>
						{discounted && offer.globalItem ? (
							<span className="text-slate-600 line-through dark:text-slate-400">
								<span className="sr-only">{copy.insteadOf}</span>
								{formatPrice(offer.globalItem.price, offer.globalItem.currency, locale)}
							</span>
						) : null}
					</p>
				) : null}
				{state.error ? (
					<p role="alert" className="text-red-700 dark:text-red-300">
						{state.error}
					</p>
				) : null}
				{discounted ? (
					<p className="text-sm text-emerald-700 dark:text-emerald-300">
						{copy.regionalPrice(country, item.discountPercent)}
					</p>
				) : null}
			</div>
			{hasRegionalPrice ? (
				// Choosing the global price is remembered in the URL (?pricing=global); the way back
				// clears that choice (a form with no fields: the bare page), SPEC §4, decision 093.
				<form
					method="get"
					action={pathname}
					className="mt-2"
					onSubmit={(event) => {
						event.preventDefault()
						void (state.active ? store.setActive(false) : store.clear())
					}}
				>
					{state.active ? <input type="hidden" name="pricing" value="global" /> : null}
					<button
						type="submit"
						disabled={state.loading}
						className="text-sm font-medium text-indigo-700 underline underline-offset-4 hover:text-indigo-600 disabled:opacity-60 dark:text-indigo-300"
					>
						{state.active ? copy.showGlobal : copy.regionalSwitch(country)}
					</button>
				</form>
			) : null}
		</div>
	)
}

function SeatCounters({ seats }: { seats: Offer['course']['seats'] }) {
	const locale = useLocale()
	const copy = COPY[locale]
	const seat = (count: number) => pluralWord(count, unitsOf('course', locale), locale)
	return (
		<div>
			{/* Nothing sold yet is not news worth a "0 seats sold" (docs/decisions/088); "left" is
			    what a checkout would sell now, so sold out reads sold out (issue 36 item 3). */}
			<p className="text-slate-700 dark:text-slate-300" data-testid="seat-counters">
				{seats.sold !== null ? (
					<>
						<strong>{seats.sold}</strong>
						{` ${seat(seats.sold)} ${copy.sold} · `}
					</>
				) : null}
				{seats.left > 0 ? (
					<>
						<strong>{seats.left}</strong>
						{` ${seat(seats.left)} ${copy.left}`}
					</>
				) : (
					<strong>{copy.soldOut}</strong>
				)}
			</p>
			{/* Honest about seats in other buyers' checkouts: they come back unless paid (decision 033). */}
			{seats.held > 0 ? (
				<p className="text-sm text-slate-600 dark:text-slate-400" data-testid="seats-held">
					{copy.held(seats.held, seat(seats.held))}
				</p>
			) : null}
			<div
				aria-hidden="true"
				className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
			>
				<div
					className="h-full bg-indigo-600"
					style={{ width: `${seats.percentTaken}%` }}
					data-testid="seat-bar"
				/>
			</div>
		</div>
	)
}
