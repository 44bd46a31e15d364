/**
 * The course's seat counters (SPEC §3, §5, §9). Pure, so every edge is unit tested; the
 * course model feeds them the configured capacity and the paid seats from the database.
 */

/** The slot figure shown is 9 below the real capacity (SPEC §9). */
const SLOT_MARGIN = 9

export type CourseCounters = {
	/** Seats on sale: COURSE_SLOTS. */
	actualSlot: number
	/** The capacity shown: actualSlot − 9. */
	slot: number
	/** Seats actually paid for. */
	actualSold: number
	/** The sold figure shown: never more than the slot figure. */
	sold: number
	/** Seats left as shown: capacity minus the sold figure, never below 0. */
	remaining: number
	/**
	 * Seats held right now by checkouts not yet paid (docs/decisions/033). Not in SPEC §3's list:
	 * added so that the counters say why a seat that is not sold cannot be bought this minute.
	 */
	held: number
	/**
	 * Seats people on the waiting list wait for, not yet offered (docs/decisions/120, 130): a
	 * checkout fits only in what is left after them, so they are not available either.
	 */
	waiting: number
	/** Seats a new buyer can take now: actualSlot − actualSold − held − waiting, never below 0. */
	available: number
}

function count(value: number, name: string): number {
	if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number`)
	return Math.max(0, Math.floor(value))
}

export function slotShown(actualSlot: number): number {
	return Math.max(0, count(actualSlot, 'actualSlot') - SLOT_MARGIN)
}

export function soldShown(actualSold: number, slot: number): number {
	return Math.min(count(actualSold, 'actualSold'), count(slot, 'slot'))
}

export function remainingSeats(actualSlot: number, sold: number): number {
	return Math.max(0, count(actualSlot, 'actualSlot') - count(sold, 'sold'))
}

export function courseCounters({
	actualSlot,
	actualSold,
	held = 0,
	waiting = 0,
}: {
	actualSlot: number
	actualSold: number
	/** Seats of unpaid checkouts whose reservation has not ended. */
	held?: number
	/** Seats the confirmed people on the waiting list wait for (`seat_pool_waiting`). */
	waiting?: number
}): CourseCounters {
	const slot = slotShown(actualSlot)
	const sold = soldShown(actualSold, slot)
	const heldSeats = count(held, 'held')
	const waitingSeats = count(waiting, 'waiting')
	return {
		actualSlot: count(actualSlot, 'actualSlot'),
		slot,
		actualSold: count(actualSold, 'actualSold'),
		sold,
		remaining: remainingSeats(actualSlot, sold),
		held: heldSeats,
		waiting: waitingSeats,
		// The count `reserve_seats` refuses on (0029): what this says is what a checkout finds.
		available: Math.max(
			0,
			count(actualSlot, 'actualSlot') - count(actualSold, 'actualSold') - heldSeats - waitingSeats,
		),
	}
}

/** What the course page says about its seats (`seatsShown`). */
export type SeatsShown = {
	/** SPEC §9's sold figure, or null before the first sale ("0 seats sold" is not news). */
	sold: number | null
	/** Seats a checkout would sell now: the page's "N left"; 0 reads as sold out. */
	left: number
	/** Seats in other buyers' checkouts, said apart: they come back unless paid. */
	held: number
	/** How full the bar is, 0–100: everything not `left` counts as taken. */
	percentTaken: number
}

/**
 * The page's words follow what a buyer can actually take (issue 36 item 3): "N left" is
 * `available`, so a sold-out course never reads "9 seats left" because SPEC §9 shows its
 * capacity 9 below the real one. The API keeps SPEC §3's `slot`, `sold` and `remaining`.
 */
export function seatsShown(
	counters: Pick<CourseCounters, 'actualSlot' | 'sold' | 'held' | 'available'>,
): SeatsShown {
	const left = counters.available
	return {
		sold: counters.sold > 0 ? counters.sold : null,
		left,
		held: counters.held,
		percentTaken:
			counters.actualSlot > 0
				? Math.round(((counters.actualSlot - left) / counters.actualSlot) * 100)
				: 100,
	}
}
