/**
 * Analytics in the browser (SPEC §1, §7; docs/decisions/064). Every client-side navigation
 * records a `page_view` with the previous and current path in `window.dataLayer`, and for the
 * customer-data tracker. The rest (tracker, partner script, tag manager, session recording,
 * privacy-friendly analytics) is the runtime in ~/integrations/analytics/runtime, loaded when
 * the page is idle, and only when one of them is configured: with none, all it would do is warn
 * (docs/decisions/126).
 */
import { useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useRootData } from '~/components/use-root-data'
import { pushDataLayer } from '~/integrations/analytics/data-layer'
import type { AnalyticsConfig } from '~/integrations/analytics/runtime'
import { UNSET_WARNINGS } from '~/integrations/analytics/warnings'

let runtime: typeof import('~/integrations/analytics/runtime') | null = null
// Page views recorded before the runtime loaded (the first page), sent when it starts; none are
// kept when it will not load.
let pending: Record<string, unknown>[] | null = []

/** Whether the runtime has a service to start; without one it would only print the warnings. */
export function anyServiceConfigured(config: Partial<AnalyticsConfig>): boolean {
	return Boolean(
		config.CUSTOMERIO_WRITE_KEY ||
			config.PARTNERO_PROGRAM_ID ||
			config.GTM_ID ||
			config.CLARITY_ID ||
			config.PLAUSIBLE_DOMAIN,
	)
}

export function Analytics() {
	const data = useRootData()
	const config = data?.config as Partial<AnalyticsConfig> | undefined
	const knownEmail = data?.knownEmail ?? null
	const location = useLocation()
	const previous = useRef<string | null>(null)
	const started = useRef(false)

	useEffect(() => {
		if (started.current || !config) return
		started.current = true
		if (!anyServiceConfigured(config)) {
			console.warn(UNSET_WARNINGS.customerData)
			console.warn(UNSET_WARNINGS.partner)
			pending = null
			return
		}
		const run = () =>
			import('~/integrations/analytics/runtime').then((module) => {
				runtime = module
				module.start(
					{
						CUSTOMERIO_WRITE_KEY: config.CUSTOMERIO_WRITE_KEY ?? null,
						PARTNERO_PROGRAM_ID: config.PARTNERO_PROGRAM_ID ?? null,
						GTM_ID: config.GTM_ID ?? null,
						CLARITY_ID: config.CLARITY_ID ?? null,
						PLAUSIBLE_DOMAIN: config.PLAUSIBLE_DOMAIN ?? null,
					},
					pending?.splice(0) ?? [],
					knownEmail,
				)
			})
		// After the page is interactive: idle time, or soon after on browsers without it.
		if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 })
		else setTimeout(run, 1)
	}, [config, knownEmail])

	useEffect(() => {
		if (knownEmail) runtime?.identify(knownEmail)
	}, [knownEmail])

	useEffect(() => {
		const current = location.pathname
		if (previous.current === current) return
		const event = { previous_path: previous.current, current_path: current }
		previous.current = current
		pushDataLayer({ event: 'page_view', ...event })
		if (runtime) runtime.trackPageView(event)
		else pending?.push(event)
	}, [location.pathname])

	return null
}
