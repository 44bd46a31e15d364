/**
 * The configured payment provider (docs/decisions/030, 032): Stripe Checkout when
 * STRIPE_SECRET_KEY is set, else the embedded sandbox. Callers use its capabilities, never its id.
 */
import { getConfig, paymentProviderName } from '~/config.server'
import { createSandboxProvider } from './sandbox.server'
import { createStripeProvider } from './stripe.server'
import type { PaymentProvider } from './types'

export type { Buyer, PaymentEvent, PaymentProvider, PaymentProviderId } from './types'
export { PaymentProviderBusyError, PaymentProviderError } from './types'

let provider: PaymentProvider | undefined

export function getPaymentProvider(): PaymentProvider {
	if (!provider) {
		const config = getConfig()
		provider =
			paymentProviderName(config) === 'stripe'
				? createStripeProvider(config)
				: createSandboxProvider()
	}
	return provider
}
