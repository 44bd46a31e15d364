/**
 * The analytics runtime (SPEC §1, §7; docs/decisions/064), loaded by `<Analytics>` once the
 * page is idle so that none of it weighs on the first load: the customer-data tracker (or the
 * warning that its key is missing), the partner script when a programme id is set (or the
 * warning), and the tag manager, session recording and privacy-friendly analytics when
 * configured.
 */

import { readReferralCookies } from '~/domain/attribution'
import type { SignupList } from '~/forms/names'
import { PARTNER_WARNINGS, reportPartnerSignup } from '~/integrations/analytics/partner'
import { createTracker, type Geo, type Tracker } from '~/integrations/analytics/tracker'
import { pushDataLayer } from './data-layer'

export type AnalyticsConfig = {
	CUSTOMERIO_WRITE_KEY: string | null
	PARTNERO_PROGRAM_ID: string | null
	GTM_ID: string | null
	CLARITY_ID: string | null
	PLAUSIBLE_DOMAIN: string | null
}

type AnalyticsWindow = Window & {
	clarity?: ((...args: unknown[]) => void) & { q?: unknown[] }
}

/**
 * Event names in `window.dataLayer` and the customer-data service (SPEC §7). The page view is
 * also pushed by the first-load recorder (app/components/analytics.tsx), which writes its name
 * itself: importing it from there would cost the first load bytes (docs/decisions/004).
 */
const PAGE_VIEW_EVENT = 'page_view'
const SIGNUP_EVENT = 'signup'
const CHECKOUT_EVENT = 'checkout_started'

let tracker: Tracker | null = null
let settings: AnalyticsConfig | null = null
let geo: Geo = null

/** Adds an external script carrying the page's CSP nonce (browsers hide it from attributes). */
function addScript(src: string, attributes: Record<string, string> = {}) {
	const script = document.createElement('script')
	script.async = true
	script.src = src
	const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce
	if (nonce) script.nonce = nonce
	for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value)
	document.head.appendChild(script)
}

function friend(): string | null {
	return readReferralCookies(document.cookie).partnerKey
}

/**
 * Starts everything; `pageViews` were recorded before the runtime loaded, `knownEmail` is the
 * visitor's address when their profile has one.
 */
export function start(
	config: AnalyticsConfig,
	pageViews: Record<string, unknown>[],
	knownEmail: string | null = null,
) {
	settings = config
	tracker = createTracker(config.CUSTOMERIO_WRITE_KEY, () => ({ geo, friend: friend() }))
	if (knownEmail) tracker.identify(knownEmail)
	for (const event of pageViews) tracker.track(PAGE_VIEW_EVENT, event)
	if (config.CUSTOMERIO_WRITE_KEY) {
		// Geo data for events (SPEC §3, §7), looked up only when there are events to send.
		void import('./geo').then(async ({ lookUpGeo }) => {
			geo = await lookUpGeo()
		})
	}
	if (config.PARTNERO_PROGRAM_ID)
		addScript('/scripts/partn.js', { 'data-program-id': config.PARTNERO_PROGRAM_ID })
	else console.warn(PARTNER_WARNINGS.unset)
	if (config.GTM_ID) {
		pushDataLayer({ 'gtm.start': Date.now(), event: 'gtm.js' })
		addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(config.GTM_ID)}`)
	}
	if (config.CLARITY_ID) {
		const w = window as AnalyticsWindow
		w.clarity =
			w.clarity ??
			Object.assign(
				(...args: unknown[]) => {
					w.clarity!.q = w.clarity!.q ?? []
					w.clarity!.q.push(args)
				},
				{ q: [] as unknown[] },
			)
		addScript(`https://www.clarity.ms/tag/${encodeURIComponent(config.CLARITY_ID)}`)
	}
	if (config.PLAUSIBLE_DOMAIN)
		addScript('https://plausible.io/js/script.js', { 'data-domain': config.PLAUSIBLE_DOMAIN })
}

/**
 * A sign-up from a form on this page: identify by e-mail, record the event, and report it to
 * the partner programme when the visitor came through a friend (SPEC §7).
 */
export function recordSignup(email: string, list: SignupList) {
	tracker?.identify(email)
	tracker?.track(SIGNUP_EVENT, { list })
	pushDataLayer({ event: SIGNUP_EVENT, list })
	const referral = readReferralCookies(document.cookie)
	void reportPartnerSignup(settings?.PARTNERO_PROGRAM_ID ?? null, { email, ...referral })
}

/**
 * A checkout is about to leave the site for the payment page: the event is recorded, and the
 * caller may wait for it, 300 ms at most (SPEC §9), before the page goes away.
 */
export function recordCheckout(item: { code: string; quantity: number }): Promise<void> {
	pushDataLayer({ event: CHECKOUT_EVENT, ...item })
	return tracker?.track(CHECKOUT_EVENT, item) ?? Promise.resolve()
}

/** @public Called through the dynamic import in components/analytics.tsx. */
export function trackPageView(event: Record<string, unknown>) {
	tracker?.track(PAGE_VIEW_EVENT, event)
}

/** The visitor became known (signed in) while on the site. */
export function identify(email: string) {
	tracker?.identify(email)
}
