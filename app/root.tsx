import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from '@remix-run/react'
import { useColorMode } from '~/components/color-mode-toggle'
import { useHydrationMark } from '~/components/deferred'
import { DocumentExtras } from '~/components/document-extras'
import { SiteErrorBoundary } from '~/components/error-boundary'
import stylesheet from '~/styles/tailwind.css'
import { DEFAULT_LOCALE, localeDirection } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { useRequestContext } from '~/utils/request-context'
// The root's server code, from one module: each `.server` module a page imports costs the
// browser a chunk of its own (docs/decisions/096).
import {
	chunkReloadScript,
	rootLoader,
	scriptsAfterFirstPaint,
	stylesheetText,
} from '~/utils/root.server'
import { useRootData } from '~/utils/root-data'

export const links: LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
	{ rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
]

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args)

export const loader = rootLoader

export type RootLoader = typeof loader

const STYLESHEET_ID = 'site-styles'
let stylesheetInBrowser: string | undefined
/**
 * The stylesheet's text: read by the server; in the browser, what the server wrote, kept once
 * read, so that a render from scratch (React's answer to a hydration error) keeps the styles.
 */
function inlineStylesheet(): string {
	if (typeof document === 'undefined') return stylesheetText(stylesheet)
	stylesheetInBrowser ??= document.getElementById(STYLESHEET_ID)?.textContent ?? ''
	return stylesheetInBrowser
}

export function Layout({ children }: { children: React.ReactNode }) {
	const { nonce, isBot } = useRequestContext()
	useHydrationMark()
	const { active } = useColorMode()
	// The interface is English, left to right (SPEC §9); the direction follows the locale.
	const dir = localeDirection(useRootData()?.locale ?? DEFAULT_LOCALE)
	const onServer = typeof document === 'undefined'
	return (
		<html lang="en" dir={dir} className={active} data-bot={isBot ? '' : undefined}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				{/* Before any chunk: a chunk that fails to load reloads the page, at most once per 10 s.
				    Written by the server only; hydration leaves the script as it is. */}
				<script
					nonce={nonce}
					suppressHydrationWarning
					// biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script
					dangerouslySetInnerHTML={{
						__html: onServer ? chunkReloadScript() : '',
					}}
				/>
				{/* The stylesheet, inline: no round trip before the first paint (docs/decisions/096).
				    Written by the server only, like the script above. */}
				<style
					id={STYLESHEET_ID}
					suppressHydrationWarning
					// biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled stylesheet
					dangerouslySetInnerHTML={{ __html: inlineStylesheet() }}
				/>
				<Links />
			</head>
			<body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
				{children}
				<DocumentExtras />
				<ScrollRestoration nonce={nonce} />
				{/* The page's JavaScript, started after the first paint (docs/decisions/097): Remix's
				    scripts, written by the server into an inert template, and the script that copies
				    them into the document once the first frame is painted. */}
				<template>{onServer ? <Scripts nonce={nonce} /> : null}</template>
				<script
					nonce={nonce}
					suppressHydrationWarning
					// biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script
					dangerouslySetInnerHTML={{ __html: onServer ? scriptsAfterFirstPaint() : '' }}
				/>
			</body>
		</html>
	)
}

export default function App() {
	return <Outlet />
}

export const ErrorBoundary = SiteErrorBoundary
