import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, Links, Meta, Outlet, Scripts, ScrollRestoration } from '@remix-run/react'
import { useColorMode } from '~/components/color-mode-toggle'
import { ErrorPage } from '~/components/error-page'
import { getConfig, getPublicConfig } from '~/config.server'
import stylesheet from '~/styles/tailwind.css'
import { getColorMode, hasBetaFlag } from '~/utils/cookies.server'
import { pageMeta } from '~/utils/meta'
import { useRequestContext } from '~/utils/request-context'

export const links: LinksFunction = () => [
	{ rel: 'stylesheet', href: stylesheet },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
	{ rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
]

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args)

export async function loader({ request, context }: LoaderFunctionArgs) {
	return json({
		origin: context.origin,
		colorMode: getColorMode(request),
		// The footer's legal links: released sites, or testers with the beta cookie (SPEC §2, §6).
		showLegalLinks: getConfig().SITE_STATUS === 'released' || hasBetaFlag(request),
		config: getPublicConfig(),
	})
}

export type RootLoader = typeof loader

export function Layout({ children }: { children: React.ReactNode }) {
	const { nonce, isBot } = useRequestContext()
	const { active } = useColorMode()
	return (
		<html lang="en" dir="ltr" className={active} data-bot={isBot ? '' : undefined}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
			</head>
			<body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App() {
	return <Outlet />
}

export function ErrorBoundary() {
	return <ErrorPage />
}
