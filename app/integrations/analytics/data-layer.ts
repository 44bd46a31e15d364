/** The tag manager's `window.dataLayer` (SPEC §7): page views and events go here first. */
type AnalyticsWindow = Window & { dataLayer?: Record<string, unknown>[] }

export function pushDataLayer(event: Record<string, unknown>) {
	const w = window as AnalyticsWindow
	w.dataLayer = w.dataLayer ?? []
	w.dataLayer.push(event)
}
