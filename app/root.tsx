import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from '@remix-run/react'
import { useColorMode } from '~/components/color-mode-toggle'
import { useHydrationMark } from '~/components/deferred'
import { DocumentExtras } from '~/components/document-extras'
import { SiteErrorBoundary } from '~/components/error-boundary'
import { STYLESHEET_ELEMENT_ID, useRequestContext } from '~/components/request-context'
import { LocaleContext, usePageLocale } from '~/components/use-locale'
import { rootLoader } from '~/http/root-loader.server'
import { LOCALE_TAGS, localeDirection } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

export const links: LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
	{ rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
]

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args)

export const loader = rootLoader

export function Layout({ children }: { children: React.ReactNode }) {
	const { nonce, isBot, documentHead } = useRequestContext()
	useHydrationMark()
	const { active } = useColorMode()
	// The page's language is its URL's (SPEC §9, decision 173); the direction follows it.
	const locale = usePageLocale()
	return (
		<html
			lang={LOCALE_TAGS[locale].lang}
			dir={localeDirection(locale)}
			className={active}
			data-bot={isBot ? '' : undefined}
		>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				{/* Before any chunk: a chunk that fails to load reloads the page, at most once per 10 s.
				    Written by the server (entry.server.tsx); hydration leaves the script as it is. */}
				<script
					nonce={nonce}
					suppressHydrationWarning
					// biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script
					dangerouslySetInnerHTML={{ __html: documentHead.chunkReloadScript }}
				/>
				{/* The stylesheet, inline: no round trip before the first paint (docs/decisions/096).
				    The browser keeps the text the server wrote (entry.client.tsx). */}
				<style
					id={STYLESHEET_ELEMENT_ID}
					suppressHydrationWarning
					// biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled stylesheet
					dangerouslySetInnerHTML={{ __html: documentHead.stylesheet }}
				/>
				<Links />
			</head>
			<body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
				<LocaleContext.Provider value={locale}>
					{children}
					<DocumentExtras />
				</LocaleContext.Provider>
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App() {
	return <Outlet />
}

export const ErrorBoundary = SiteErrorBoundary
