/**
 * Analytics in the browser (SPEC §1, §7; docs/decisions/064). After the page is interactive:
 * the customer-data tracker starts (or warns that its key is missing), the partner script
 * loads when a programme id is set (or warns), and the tag manager, session recording and
 * privacy-friendly analytics load when configured. Every client-side navigation records a
 * `page_view` with the previous and current path, to the tracker and to `window.dataLayer`.
 */
import { useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import {
	PARTNER_WARNINGS,
	readReferralCookies,
	reportPartnerSignup,
} from '~/integrations/analytics/partner'
import { createTracker, type Geo, type Tracker } from '~/integrations/analytics/tracker'
import { useRootData } from '~/utils/root-data'

type AnalyticsConfig = {
	CUSTOMERIO_WRITE_KEY: string | null
	PARTNERO_PROGRAM_ID: string | null
	GTM_ID: string | null
	CLARITY_ID: string | null
	PLAUSIBLE_DOMAIN: string | null
}

type AnalyticsWindow = Window & {
	dataLayer?: Record<string, unknown>[]
	clarity?: ((...args: unknown[]) => void) & { q?: unknown[] }
}

let tracker: Tracker | null = null
let settings: AnalyticsConfig | null = null
let geo: Geo = null
// Page views recorded before the tracker started (the first page), sent when it starts.
const pending: Record<string, unknown>[] = []

function pushDataLayer(event: Record<string, unknown>) {
	const w = window as AnalyticsWindow
	w.dataLayer = w.dataLayer ?? []
	w.dataLayer.push(event)
}

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

function start(config: AnalyticsConfig) {
	settings = config
	tracker = createTracker(config.CUSTOMERIO_WRITE_KEY, () => ({ geo, friend: friend() }))
	for (const event of pending.splice(0)) tracker.track('page_view', event)
	if (config.CUSTOMERIO_WRITE_KEY) {
		// Geo data for events: the country the server sees (the same answer pricing uses).
		fetch('/api/country', { headers: { Accept: 'application/json' } })
			.then((response) => (response.ok ? response.json() : null))
			.then((answer) => {
				geo = answer?.data ?? answer ?? null
			})
			.catch(() => {})
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
export function recordSignup(email: string, list: string) {
	tracker?.identify(email)
	tracker?.track('signup', { list })
	pushDataLayer({ event: 'signup', list })
	const referral = readReferralCookies(document.cookie)
	void reportPartnerSignup(settings?.PARTNERO_PROGRAM_ID ?? null, { email, ...referral })
}

export function Analytics() {
	const config = useRootData()?.config as Partial<AnalyticsConfig> | undefined
	const location = useLocation()
	const previous = useRef<string | null>(null)
	const started = useRef(false)

	useEffect(() => {
		if (started.current || !config) return
		started.current = true
		const run = () =>
			start({
				CUSTOMERIO_WRITE_KEY: config.CUSTOMERIO_WRITE_KEY ?? null,
				PARTNERO_PROGRAM_ID: config.PARTNERO_PROGRAM_ID ?? null,
				GTM_ID: config.GTM_ID ?? null,
				CLARITY_ID: config.CLARITY_ID ?? null,
				PLAUSIBLE_DOMAIN: config.PLAUSIBLE_DOMAIN ?? null,
			})
		// After the page is interactive: idle time, or soon after on browsers without it.
		if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 })
		else setTimeout(run, 1)
	}, [config])

	useEffect(() => {
		const current = location.pathname
		if (previous.current === current) return
		const event = { previous_path: previous.current, current_path: current }
		previous.current = current
		pushDataLayer({ event: 'page_view', ...event })
		if (tracker) tracker.track('page_view', event)
		else pending.push(event)
	}, [location.pathname])

	return null
}
