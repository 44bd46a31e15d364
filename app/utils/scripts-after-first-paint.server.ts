/**
 * The page's JavaScript starts after its first paint (docs/decisions/097).
 *
 * The server writes Remix's `<Scripts>` (the module preloads, the route context, the module
 * script that hydrates) inside a `<template>`, which the browser parses but neither fetches nor
 * runs, and after it this small inline script: once the first frame is painted, it copies the
 * template's elements into the document, which starts their downloads and hydration. The first
 * frame has the network and the main thread to itself, and a browser without JavaScript
 * downloads no JavaScript.
 *
 * Server-only: the browser gets the script as text in the document, never in a chunk.
 */

type Frame = (callback: () => void) => unknown
type Timer = (callback: () => void, delay?: number) => unknown
type PaintObserver = Pick<typeof PerformanceObserver, 'supportedEntryTypes'> &
	(new (
		callback: (
			list: { getEntriesByName(name: string): unknown[] },
			observer: { disconnect(): void },
		) => void,
	) => { observe(options: { type: string; buffered: boolean }): void })

/**
 * Copies `template`'s elements into the document once the whole page is on screen: after the
 * frame that follows this script (the document's last element, so that frame paints all of it;
 * an earlier one may have painted a part) and once the first contentful paint is reported
 * (presentation can lag the frame; `buffered` also reports the paints that came before the
 * observer).
 *
 * In the template's order: the module preloads first, which start every download at once, then
 * the scripts, which run Remix's entry. Eight elements per task: a module preload costs the main
 * thread up to half a millisecond, and all of them in one task blocked input for 5–20 ms. Copies
 * of a template's scripts run when inserted, and keep their CSP nonce. They go to the end of the
 * body, where React's hydration expects and ignores what is added (browser extensions add there
 * too). Self-contained (no imports, no closures): its source is inlined into the document (see
 * scriptsAfterFirstPaint).
 */
export function startAfterFirstPaint(
	doc: Document,
	template: HTMLTemplateElement,
	nextFrame: Frame,
	nextTask: Timer,
	cancelTask: (task: unknown) => void,
	Observer: PaintObserver | undefined,
): void {
	const start = () => {
		const elements = Array.from(doc.importNode(template.content, true).children)
		const insert = () => {
			doc.body.append(...elements.splice(0, 8))
			if (elements.length > 0) nextTask(insert)
		}
		insert()
	}
	const whenPainted = () => {
		// A browser without paint timing starts after the frames.
		if (!Observer?.supportedEntryTypes?.includes('paint')) return start()
		let started = false
		const startOnce = () => {
			if (started) return
			started = true
			start()
		}
		// The first paint can be the background alone, a frame before the text: only the first
		// contentful paint counts. A page whose contentful paint is never reported (a browser may
		// leave it out for a page loaded hidden) starts a second after its frames.
		const fallback = nextTask(startOnce, 1000)
		new Observer((list, observer) => {
			if (list.getEntriesByName('first-contentful-paint').length === 0) return
			observer.disconnect()
			cancelTask(fallback)
			startOnce()
		}).observe({ type: 'paint', buffered: true })
	}
	nextFrame(() => nextFrame(whenPainted))
}

/** The inline script written right after the template: it runs once, while the page is parsed. */
export function scriptsAfterFirstPaint(): string {
	return `(function(s){(${startAfterFirstPaint.toString()})(document,s.previousElementSibling,requestAnimationFrame,setTimeout,clearTimeout,window.PerformanceObserver)})(document.currentScript)`
}
