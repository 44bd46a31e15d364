/** The production build paying through a fake Stripe on loopback (tests/fakes/stripe.ts). */
import {
	FAKE_STRIPE_KEY,
	FAKE_WEBHOOK_SECRET,
	type FakeStripe,
	startFakeStripe,
} from '../fakes/stripe'
import { type RunningServer, startServer } from './server'

/** A fake Stripe, and the site configured to pay through it; `env` adds to or overrides. */
export async function startStripeSite(env: Record<string, string> = {}) {
	const stripe = await startFakeStripe()
	const server = await startServer({
		STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
		STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
		STRIPE_API_URL: stripe.url,
		...env,
	})
	return { server, stripe }
}

export async function stopStripeSite(server?: RunningServer, stripe?: FakeStripe) {
	await server?.stop()
	await stripe?.close()
}
