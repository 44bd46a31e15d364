/**
 * This process's Prometheus metrics (docs/decisions/106): one registry, with prom-client's
 * default process metrics and the counters the domain bumps as things happen (checkouts by
 * outcome, failed e-mail deliveries). `http/metrics.server.ts` adds the request metrics and the
 * gauges read at scrape time, and serves it all at /metrics. Each app server counts its own:
 * Prometheus scrapes every one of them.
 *
 * Label values come from fixed sets only (outcomes, reason codes), never from a request: every
 * value is a series kept for ever, and a request's text could carry an e-mail address.
 */
import { Counter, collectDefaultMetrics, Registry } from 'prom-client'

/** What happened to a checkout: at creation (created, refused, failed), then as it settles. */
export type CheckoutOutcome =
	| 'created'
	| 'refused'
	| 'failed'
	| 'paid'
	| 'declined'
	| 'expired'
	| 'refunded'

function createMetrics() {
	const registry = new Registry()
	collectDefaultMetrics({ register: registry })
	const checkouts = new Counter({
		name: 'checkouts_total',
		help: 'Checkouts by outcome: created, refused (by reason code), failed (by reason code); then paid, declined, expired or refunded as that happens',
		labelNames: ['outcome', 'reason'] as const,
		registers: [registry],
	})
	const emailFailures = new Counter({
		name: 'email_delivery_failures_total',
		help: 'Failed SMTP deliveries: kind="attempt" for each failed attempt (retried or not), kind="given_up" for each message given up for good',
		labelNames: ['kind'] as const,
		registers: [registry],
	})
	const invoicePdfRenders = new Counter({
		name: 'invoice_pdf_renders_total',
		help: 'Invoice and credit-note PDFs rendered (a cached one is not rendered again, docs/decisions/133)',
		registers: [registry],
	})
	// Series at 0 from the start, so a rate over the first one is not lost.
	for (const outcome of ['created', 'paid', 'expired', 'refunded'] as const)
		checkouts.inc({ outcome }, 0)
	for (const kind of ['attempt', 'given_up'] as const) emailFailures.inc({ kind }, 0)
	return { registry, checkouts, emailFailures, invoicePdfRenders }
}

// server.ts and the Remix build are separate bundles that both count (requests there, checkouts
// here): the one registry of this process is found through globalThis, like the page cache.
const KEY = Symbol.for('ai-driven-dev.metrics')
type GlobalWithMetrics = typeof globalThis & { [KEY]?: ReturnType<typeof createMetrics> }

function metrics() {
	const holder = globalThis as GlobalWithMetrics
	holder[KEY] ??= createMetrics()
	return holder[KEY]
}

/** The registry /metrics exposes, for the collectors that belong with the HTTP layer. */
export function metricsRegistry(): Registry {
	return metrics().registry
}

/**
 * Counts a checkout's outcome. `reason` (refused and failed only) is a CheckoutFailureCode or
 * `other`: a fixed set, never the reason's text.
 */
export function countCheckout(outcome: CheckoutOutcome, reason?: string): void {
	metrics().checkouts.inc(reason === undefined ? { outcome } : { outcome, reason })
}

/** Counts a failed SMTP delivery attempt, or a message given up for good. */
export function countEmailFailure(kind: 'attempt' | 'given_up'): void {
	metrics().emailFailures.inc({ kind })
}

/** Counts an invoice PDF rendered. */
export function countInvoicePdfRender(): void {
	metrics().invoicePdfRenders.inc()
}
