/**
 * Page sections the server rendered to HTML (components/landing/sections.server.tsx): text and
 * links that need no code in the browser (docs/decisions/147). React sets the HTML and never
 * looks inside it, so nothing in it hydrates and its code is never downloaded. A client-side
 * navigation's data carries the HTML; a document's carries only its digest, the markup holding
 * the HTML once (decision 185), and the browser shows the document's own HTML for as long as the
 * digest is the same: a revalidation leaves the DOM alone (an open answer stays open), and a
 * render from scratch after a hydration error shows the sections as they were.
 * Its links that stay on the site are client-side navigations, as a `<Link>` would be.
 */
import { useNavigate } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useRequestContext } from './request-context'

/** A section's HTML, or in a document's own data only its digest (the markup carries it). */
export type ServerHtmlPart = { digest: string; html?: string }

export function ServerHtml({ part }: { part: ServerHtmlPart }) {
	const ref = useRef<HTMLDivElement>(null)
	const navigate = useNavigate()
	const html = useRequestContext().serverHtml?.(part.digest) ?? part.html ?? ''
	useEffect(() => {
		const root = ref.current
		if (!root) return
		const follow = (event: MouseEvent) => {
			const path = inAppPath(event, window.location)
			if (path === null) return
			event.preventDefault()
			navigate(path)
		}
		root.addEventListener('click', follow)
		return () => root.removeEventListener('click', follow)
	}, [navigate])
	return (
		<div
			ref={ref}
			data-server-html={part.digest}
			style={{ display: 'contents' }}
			// biome-ignore lint/security/noDangerouslySetInnerHtml: our own components, rendered by the server
			dangerouslySetInnerHTML={{ __html: html }}
		/>
	)
}

/**
 * The browser's `serverHtml` (request-context.tsx): each digest's HTML as the document shows it,
 * read once, when first asked for (while hydrating), and the same string from then on, so React
 * never sets it again; undefined for a digest the document did not show.
 */
export function documentServerHtml(document: Document) {
	const read = new Map<string, string | undefined>()
	return (digest: string) => {
		if (!read.has(digest))
			read.set(
				digest,
				document.querySelector(`[data-server-html="${CSS.escape(digest)}"]`)?.innerHTML,
			)
		return read.get(digest)
	}
}

type Place = Pick<Location, 'href' | 'origin' | 'pathname' | 'search'>

/**
 * Where the app should take a click on a link, or null when the browser should follow it as
 * usual: a modified or non-primary click (a new tab), a link with a target or a download, a link
 * off the site, or one to a place on the same page.
 */
export function inAppPath(
	event: Pick<
		MouseEvent,
		'defaultPrevented' | 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'target'
	>,
	here: Place,
): string | null {
	if (event.defaultPrevented || event.button !== 0) return null
	if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null
	const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
	if (!anchor) return null
	if ((anchor.target !== '' && anchor.target !== '_self') || anchor.hasAttribute('download'))
		return null
	const url = new URL(anchor.getAttribute('href') ?? '', here.href)
	if (url.origin !== here.origin) return null
	if (url.pathname === here.pathname && url.search === here.search && url.hash !== '') return null
	return `${url.pathname}${url.search}${url.hash}`
}
