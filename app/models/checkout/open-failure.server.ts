/**
 * What opening a checkout's payment page does when the provider or the database fails
 * (create.server.ts's openProviderSession; docs/decisions/134).
 */
import { and, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { orders } from '~/db/schema.server'
import { CHECKOUT_PROVIDER_BUSY_REASON } from '~/forms/messages'
import {
	getPaymentProvider,
	PaymentProviderBusyError,
	PaymentProviderError,
} from '~/integrations/payments/index.server'
import { log } from '~/log.server'
import { CheckoutError } from './errors'

/**
 * The database failed between the provider's answer and storing it (docs/decisions/134): the
 * buyer is refused, so nobody will have this session's link. A new checkout's session is ended
 * at the provider while we still know its id, then its seats go back if the database answers
 * again; if it does not, the hold sweep gives them back (background.server.ts). An offer keeps
 * its session: trying the offer again obtains the same one through the idempotency key.
 */
export async function abandonUnstoredSession(
	db: Db,
	id: string,
	sessionId: string,
	onFailure: 'fail-order' | 'keep-order',
): Promise<void> {
	const provider = getPaymentProvider()
	if (onFailure === 'fail-order' && provider.expireSession) {
		try {
			await provider.expireSession(sessionId)
		} catch (error) {
			// Paid anyway, its completion names the order and is matched by it (rules.ts).
			log.warn(
				`Checkout ${id}: the session never stored could not be ended: ${(error as Error).message}`,
			)
		}
	}
	try {
		await db
			.update(orders)
			.set(
				onFailure === 'fail-order'
					? {
							status: 'failed',
							failureReason: 'the payment page could not be stored',
							updatedAt: new Date(),
						}
					: { link: null, updatedAt: new Date() },
			)
			.where(and(eq(orders.id, id), eq(orders.status, 'pending')))
	} catch (error) {
		log.warn(
			`Checkout ${id}: its seats wait for the hold sweep, the database still failing: ${(error as Error).message}`,
		)
	}
}

/**
 * The provider failed: the order is marked failed (its seats go back at once) or, for an offer,
 * kept; the buyer's CheckoutError is thrown.
 */
export async function failOpening(
	db: Db,
	id: string,
	error: unknown,
	onFailure: 'fail-order' | 'keep-order',
): Promise<never> {
	await db
		.update(orders)
		.set(
			onFailure === 'fail-order'
				? { status: 'failed', failureReason: (error as Error).message, updatedAt: new Date() }
				: { link: null, updatedAt: new Date() },
		)
		.where(eq(orders.id, id))
	// The provider's rate limit outlasted the wait a request may make: the buyer is told when
	// to try again, their seats already free for whoever does (docs/decisions/134).
	if (error instanceof PaymentProviderBusyError) {
		log.warn(`Checkout ${id}: the payment provider is busy: ${error.message}`)
		throw new CheckoutError(
			503,
			CHECKOUT_PROVIDER_BUSY_REASON,
			'provider-busy',
			error.retryAfterSeconds,
		)
	}
	log.error(`Checkout ${id}: the payment provider failed: ${(error as Error).message}`)
	if (error instanceof PaymentProviderError)
		throw new CheckoutError(
			502,
			'the payment provider is unavailable, please try again',
			'provider',
		)
	throw error
}
