/** The figures of launch day at a glance (docs/decisions/121), as the page and its poll get them. */

export type Period = {
	orders: number
	seats: number
	revenue: { currency: string; amountMinor: number }[]
	signups: number
	checkoutsStarted: number
	checkoutsPaid: number
	emailFailures: number
}

export type LaunchDay = {
	/** When the figures were read (ISO). */
	at: string
	timeZone: string
	/** Today's date in `timeZone`, YYYY-MM-DD. */
	today: string
	todayFigures: Period
	lastHour: Period
	queue: { due: number; running: number; oldestWaitSeconds: number }
	/** Buyers waiting for their payment page (decision 161), and about how long the last waits. */
	checkoutQueue: { length: number; waitSeconds: number }
}
