/**
 * A fake Stripe API on loopback for the integration tests: Checkout Sessions (create, retrieve,
 * expire), refunds of a paid session's payment intent, a payment intent's latest charge with its
 * balance transaction's fee (expanded, docs/decisions/124), recorded requests, and signed webhook deliveries made with the SDK's own test-header helper.
 * A rate-limit mode answers session creations past so many a second with 429, as Stripe's API
 * limit does (docs/decisions/134). A creation's idempotency key answers the session it made, as
 * Stripe's does (and refuses other parameters under it).
 * Delayed payment methods (docs/decisions/164): a session completed unpaid, its payment intent
 * processing until the money arrives or the bank refuses it; a look-up that expands
 * `payment_intent` gets the intent with its status.
 * The site reaches it through STRIPE_API_URL (the SDK's host / port / protocol options).
 */
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

export const FAKE_STRIPE_KEY = 'sk_test_fake123'
export const FAKE_WEBHOOK_SECRET = 'whsec_fake123'

export type FakeSession = {
	id: string
	object: 'checkout.session'
	url: string
	status: 'open' | 'complete' | 'expired'
	payment_status: 'unpaid' | 'paid'
	mode: 'payment'
	client_reference_id: string | null
	metadata: Record<string, string>
	expires_at: number
	amount_total: number
	currency: string
	payment_intent: string | null
	customer_details: {
		email: string
		name: string | null
		business_name?: string | null
		address?: {
			line1: string | null
			line2: string | null
			postal_code: string | null
			city: string | null
			state: string | null
			country: string | null
		} | null
		tax_ids?: { type: string; value: string }[]
	} | null
	amount_subtotal: number
	automatic_tax: { enabled: boolean }
	total_details: { amount_discount: number; amount_shipping: number; amount_tax: number }
	success_url: string
	cancel_url: string
}

export type FakeRefund = {
	id: string
	object: 'refund'
	status: 'succeeded' | 'pending'
	amount: number
	currency: string
	payment_intent: string
	metadata: Record<string, string>
}

type RecordedStripeRequest = {
	method: string
	path: string
	/** The form-encoded body, flat: `line_items[0][quantity]` → '2'. */
	params: Record<string, string>
	headers: http.IncomingHttpHeaders
}

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`

export async function startFakeStripe() {
	const sessions = new Map<string, FakeSession>()
	/** Each payment intent's status where it is not `succeeded`: a delayed payment's (164). */
	const intentStatus = new Map<string, 'processing' | 'requires_payment_method' | 'succeeded'>()
	const requests: RecordedStripeRequest[] = []
	const refunds = new Map<string, FakeRefund>()
	const refundsByKey = new Map<string, FakeRefund>()
	/** Stripe's idempotency for session creations: each key's body and the session it made. */
	const sessionsByKey = new Map<string, { body: string; session: FakeSession }>()
	let failCreate = 0
	let failExpire = false
	let rateLimit: { perSecond: number; retryAfterSeconds: number | null; windowMs: number } | null =
		null
	/** When each session creation the rate limit let through arrived, within the last second. */
	let createdAt: number[] = []
	let rateLimited = 0
	let nextRefundStatus: FakeRefund['status'] = 'succeeded'
	/** The fee each paid intent's balance transaction reports; none until Stripe settles it. */
	let fee: { amount: number; currency: string } | null = { amount: 175, currency: 'eur' }

	const send = (res: http.ServerResponse, status: number, body: unknown) => {
		res.statusCode = status
		res.setHeader('Content-Type', 'application/json')
		res.setHeader('Request-Id', id('req'))
		res.end(JSON.stringify(body))
	}

	const server = http.createServer(async (req, res) => {
		const chunks: Buffer[] = []
		for await (const chunk of req) chunks.push(chunk as Buffer)
		const url = new URL(req.url ?? '/', 'http://127.0.0.1')
		const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
		requests.push({ method: req.method ?? 'GET', path: url.pathname, params, headers: req.headers })
		if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`)
			return send(res, 401, {
				error: { type: 'invalid_request_error', message: 'Invalid API Key' },
			})

		if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
			if (failCreate > 0) {
				failCreate -= 1
				return send(res, 400, {
					error: { type: 'invalid_request_error', message: 'Injected failure' },
				})
			}
			if (rateLimit) {
				const now = Date.now()
				createdAt = createdAt.filter((at) => at > now - rateLimit!.windowMs)
				if (createdAt.length >= rateLimit.perSecond) {
					rateLimited += 1
					if (rateLimit.retryAfterSeconds !== null)
						res.setHeader('Retry-After', String(rateLimit.retryAfterSeconds))
					// Stripe's body for its API rate limit; no Stripe-Should-Retry header.
					return send(res, 429, {
						error: {
							type: 'invalid_request_error',
							code: 'rate_limit',
							message: 'Too many requests hit the API too quickly.',
						},
					})
				}
				createdAt.push(now)
			}
			// The same key answers the same session; with other parameters, Stripe refuses it.
			const key = req.headers['idempotency-key']
			const body = Buffer.concat(chunks).toString('utf8')
			const made = typeof key === 'string' ? sessionsByKey.get(key) : undefined
			if (made && made.body !== body)
				return send(res, 400, {
					error: {
						type: 'idempotency_error',
						message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
					},
				})
			if (made) return send(res, 200, made.session)
			const metadata: Record<string, string> = {}
			for (const [key, value] of Object.entries(params)) {
				const match = key.match(/^metadata\[(.+)\]$/)
				if (match) metadata[match[1]!] = value
			}
			const quantity = Number(params['line_items[0][quantity]'])
			const unit = Number(params['line_items[0][price_data][unit_amount]'])
			const session: FakeSession = {
				id: id('cs_test'),
				object: 'checkout.session',
				url: '',
				status: 'open',
				payment_status: 'unpaid',
				mode: 'payment',
				client_reference_id: params.client_reference_id ?? null,
				metadata,
				expires_at: Number(params.expires_at),
				amount_total: quantity * unit,
				amount_subtotal: quantity * unit,
				automatic_tax: { enabled: params['automatic_tax[enabled]'] === 'true' },
				total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
				currency: params['line_items[0][price_data][currency]'] ?? 'usd',
				payment_intent: null,
				customer_details: null,
				success_url: params.success_url ?? '',
				cancel_url: params.cancel_url ?? '',
			}
			session.url = `https://checkout.stripe.com/c/pay/${session.id}`
			sessions.set(session.id, session)
			if (typeof key === 'string') sessionsByKey.set(key, { body, session })
			return send(res, 200, session)
		}
		const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/)
		if (req.method === 'POST' && expire) {
			if (failExpire)
				return send(res, 500, { error: { type: 'api_error', message: 'Injected failure' } })
			const session = sessions.get(decodeURIComponent(expire[1]!))
			if (session?.status !== 'open')
				return send(res, 400, {
					error: { type: 'invalid_request_error', message: 'Only open sessions can be expired' },
				})
			session.status = 'expired'
			return send(res, 200, session)
		}
		if (req.method === 'POST' && url.pathname === '/v1/refunds') {
			const paid = [...sessions.values()].find(
				(s) => s.payment_intent !== null && s.payment_intent === params.payment_intent,
			)
			if (!paid)
				return send(res, 400, {
					error: {
						type: 'invalid_request_error',
						code: 'resource_missing',
						message: `No such payment_intent: '${params.payment_intent}'`,
					},
				})
			// Stripe's idempotency: the same key answers the same refund (docs/decisions/123).
			const key = req.headers['idempotency-key']
			const again = typeof key === 'string' ? refundsByKey.get(key) : undefined
			if (again) return send(res, 200, again)
			const refunded = [...refunds.values()]
				.filter((r) => r.payment_intent === paid.payment_intent)
				.reduce((sum, r) => sum + r.amount, 0)
			const left = paid.amount_total - refunded
			if (left <= 0)
				return send(res, 400, {
					error: {
						type: 'invalid_request_error',
						code: 'charge_already_refunded',
						message: 'Charge has already been refunded.',
					},
				})
			const metadata: Record<string, string> = {}
			for (const [key, value] of Object.entries(params)) {
				const match = key.match(/^metadata\[(.+)\]$/)
				if (match) metadata[match[1]!] = value
			}
			// A partial refund names its amount; more than is left is refused, as Stripe does.
			const amount = params.amount ? Number(params.amount) : left
			if (amount > left)
				return send(res, 400, {
					error: {
						type: 'invalid_request_error',
						code: 'amount_too_large',
						message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
					},
				})
			const refund: FakeRefund = {
				id: id('re'),
				object: 'refund',
				status: nextRefundStatus,
				amount,
				currency: paid.currency,
				payment_intent: paid.payment_intent!,
				metadata,
			}
			nextRefundStatus = 'succeeded'
			refunds.set(refund.id, refund)
			if (typeof key === 'string') refundsByKey.set(key, refund)
			return send(res, 200, refund)
		}
		const intent = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/)
		if (req.method === 'GET' && intent) {
			const intentId = decodeURIComponent(intent[1]!)
			const paid = [...sessions.values()].find((s) => s.payment_intent === intentId)
			if (!paid)
				return send(res, 404, {
					error: { type: 'invalid_request_error', message: 'No such payment_intent' },
				})
			// Stripe expands only what was asked: `expand[0]=latest_charge.balance_transaction`.
			const expanded = [...url.searchParams]
				.filter(([key]) => /^expand\[\d*\]$/.test(key))
				.map(([, value]) => value)
			const balance = fee
				? { id: id('txn'), object: 'balance_transaction', fee: fee.amount, currency: fee.currency }
				: null
			const charge = {
				id: id('ch'),
				object: 'charge',
				balance_transaction: expanded.includes('latest_charge.balance_transaction')
					? balance
					: (balance?.id ?? null),
			}
			return send(res, 200, {
				id: intentId,
				object: 'payment_intent',
				status: intentStatus.get(intentId) ?? 'succeeded',
				latest_charge: expanded.some((path) => path.startsWith('latest_charge'))
					? charge
					: charge.id,
			})
		}
		const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)
		if (req.method === 'GET' && retrieve) {
			const session = sessions.get(decodeURIComponent(retrieve[1]!))
			if (!session)
				return send(res, 404, {
					error: { type: 'invalid_request_error', message: 'No such checkout.session' },
				})
			const expanded = [...url.searchParams].some(
				([key, value]) => /^expand\[\d*\]$/.test(key) && value === 'payment_intent',
			)
			if (!expanded || !session.payment_intent) return send(res, 200, session)
			return send(res, 200, {
				...session,
				payment_intent: {
					id: session.payment_intent,
					object: 'payment_intent',
					status: intentStatus.get(session.payment_intent) ?? 'succeeded',
				},
			})
		}
		send(res, 404, {
			error: { type: 'invalid_request_error', message: 'Unrecognized request URL' },
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	const stripe = new Stripe(FAKE_STRIPE_KEY)

	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		sessions,
		refunds,
		/** The session created for an order (by its metadata). */
		sessionOf(orderId: string): FakeSession {
			const session = [...sessions.values()].find((s) => s.metadata.order_id === orderId)
			if (!session) throw new Error(`No session for order ${orderId}`)
			return session
		},
		/**
		 * The buyer pays on Stripe's page; `billing` is what they typed there, `taxMinor` what
		 * Stripe Tax worked out (on top of the price when it was created tax-exclusive).
		 */
		complete(
			sessionId: string,
			email = 'buyer@example.com',
			billing: {
				businessName?: string
				address?: NonNullable<NonNullable<FakeSession['customer_details']>['address']>
				taxIds?: { type: string; value: string }[]
				taxMinor?: number
			} = {},
		): FakeSession {
			const session = sessions.get(sessionId)!
			session.status = 'complete'
			session.payment_status = 'paid'
			session.payment_intent = id('pi')
			session.customer_details = {
				email,
				name: 'Grace Hopper',
				business_name: billing.businessName ?? null,
				address: billing.address ?? null,
				tax_ids: billing.taxIds ?? [],
			}
			if (session.automatic_tax.enabled && billing.taxMinor !== undefined) {
				session.total_details.amount_tax = billing.taxMinor
				const exclusive = requests.some(
					(request) =>
						request.params['metadata[order_id]'] === session.metadata.order_id &&
						request.params['line_items[0][price_data][tax_behavior]'] === 'exclusive',
				)
				if (exclusive) session.amount_total = session.amount_subtotal + billing.taxMinor
			}
			return session
		},
		/**
		 * The buyer finishes Stripe's page with a delayed method (SEPA Direct Debit): the session
		 * completes unpaid, its payment intent processing until `settle` says how it ended (164).
		 */
		completeUnpaid(sessionId: string, email = 'buyer@example.com'): FakeSession {
			const session = this.complete(sessionId, email)
			session.payment_status = 'unpaid'
			intentStatus.set(session.payment_intent!, 'processing')
			return session
		},
		/** A delayed payment's money arrives (`paid`) or the bank refuses it (`failed`). */
		settle(sessionId: string, outcome: 'paid' | 'failed'): FakeSession {
			const session = sessions.get(sessionId)!
			if (outcome === 'paid') session.payment_status = 'paid'
			intentStatus.set(
				session.payment_intent!,
				outcome === 'paid' ? 'succeeded' : 'requires_payment_method',
			)
			return session
		},
		expire(sessionId: string): FakeSession {
			const session = sessions.get(sessionId)!
			session.status = 'expired'
			return session
		},
		failNextCreate(times = 1) {
			failCreate = times
		},
		/** While on, every session expiry fails with a 500 (Stripe itself in trouble). */
		failExpiries(on: boolean) {
			failExpire = on
		},
		/**
		 * From now on, at most `perSecond` session creations in any second (in any `windowMs`,
		 * when given: a limit below the site's pace); past it, 429 (with `Retry-After` when
		 * `retryAfterSeconds` is given). null: no limit.
		 */
		limitCreations(
			limit: { perSecond: number; retryAfterSeconds?: number; windowMs?: number } | null,
		) {
			rateLimit = limit && { retryAfterSeconds: null, windowMs: 1_000, ...limit }
			createdAt = []
		},
		/** The order the session `sessionId` was made for (its metadata). */
		orderOfSession: (sessionId: string) => sessions.get(sessionId)?.metadata.order_id,
		/** The order each session was made for, in the order they were made. */
		sessionOrderIds: () => [...sessions.values()].map((session) => session.metadata.order_id ?? ''),
		/** How many session creations the rate limit refused. */
		rateLimitedCount: () => rateLimited,
		/** The next refund stays pending, as a bank transfer's would. */
		holdNextRefund() {
			nextRefundStatus = 'pending'
		},
		/** The fee the next payment intents report (null: not settled yet, no balance transaction). */
		setFee(next: { amount: number; currency: string } | null) {
			fee = next
		},
		/** A webhook event as Stripe sends it, and its Stripe-Signature header. */
		event(type: string, object: unknown, secret = FAKE_WEBHOOK_SECRET) {
			const payload = JSON.stringify({
				id: id('evt'),
				object: 'event',
				type,
				api_version: '2026-10-28.endive',
				created: Math.floor(Date.now() / 1000),
				livemode: false,
				pending_webhooks: 1,
				request: { id: null, idempotency_key: null },
				data: { object },
			})
			const signature = stripe.webhooks.generateTestHeaderString({ payload, secret })
			return { payload, signature }
		},
		close: () => {
			server.closeAllConnections()
			return new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>
