import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, Links, Meta, Outlet, Scripts, ScrollRestoration } from '@remix-run/react'
import { useColorMode } from '~/components/color-mode-toggle'
import { useHydrationMark } from '~/components/deferred'
import { DocumentExtras } from '~/components/document-extras'
import { SiteErrorBoundary } from '~/components/error-boundary'
import { getConfig, getPublicConfig } from '~/config.server'
import stylesheet from '~/styles/tailwind.css'
import { rootCacheControl } from '~/utils/cache-control.server'
import { chunkReloadScript } from '~/utils/chunk-reload.server'
import { cookies, getColorMode, hasBetaFlag } from '~/utils/cookies.server'
import { DEFAULT_LOCALE, localeDirection, resolveLocale } from '~/utils/i18n'
import { stylesheetText } from '~/utils/inline-stylesheet.server'
import { pageMeta } from '~/utils/meta'
import { getPreview, previewRedirect } from '~/utils/preview.server'
import { useRequestContext } from '~/utils/request-context'
import { useRootData } from '~/utils/root-data'
import { getProfile } from '~/utils/session.server'
import { readToast } from '~/utils/toast.server'

export const links: LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
	{ rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
]

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args)

export async function loader({ request, context }: LoaderFunctionArgs) {
	// ?preview=true|false stores or clears the preview cookie, then drops the parameter (SPEC §2).
	const toPreview = await previewRedirect(request, context)
	if (toPreview) throw toPreview
	// A toast raised by the last action (flash cookie): shown once, then cleared.
	const { toast, headers } = await readToast(request, context)
	const profile = await getProfile(request, context)
	const preview = await getPreview(request)
	// A page with this visitor's own data is private (docs/decisions/068).
	const responseHeaders = new Headers(headers ?? undefined)
	for (const [name, value] of Object.entries(
		rootCacheControl({ profile, toast: headers !== null, preview }),
	))
		responseHeaders.set(name, value)
	return json(
		{
			origin: context.origin,
			colorMode: getColorMode(request),
			// The footer's legal links: released sites, or testers with the beta cookie (SPEC §2, §6).
			showLegalLinks: getConfig().SITE_STATUS === 'released' || hasBetaFlag(request),
			config: getPublicConfig(),
			preview,
			toast,
			locale: resolveLocale(cookies.locale.read(request)),
			// Analytics identify a visitor by e-mail once it is known (SPEC §7): from their profile.
			knownEmail: profile?.email ?? null,
		},
		{ headers: responseHeaders },
	)
}

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
	const { active } = useColorMode()
	// The interface is English, left to right (SPEC §9); the direction follows the locale.
	const dir = localeDirection(useRootData()?.locale ?? DEFAULT_LOCALE)
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
						__html: typeof document === 'undefined' ? chunkReloadScript() : '',
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
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App() {
	useHydrationMark()
	return <Outlet />
}

export const ErrorBoundary = SiteErrorBoundary
