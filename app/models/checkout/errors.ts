/** A checkout refused: the route answers `status` with `Checkout failed: {reason}` (SPEC §7). */
export class CheckoutError extends Error {
	name = 'CheckoutError'
	constructor(
		readonly status: number,
		readonly reason: string,
	) {
		super(reason)
	}
}

/** The reason shown when a checkout fails for a cause the buyer cannot fix. */
export const DEFAULT_CHECKOUT_REASON = 'Failed to process checkout'
