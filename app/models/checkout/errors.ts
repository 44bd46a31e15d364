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
