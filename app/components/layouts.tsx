import { useMatches } from '@remix-run/react'
import { useColorMode } from '~/components/color-mode-toggle'
import { ParticleBackground } from '~/components/islands'
import { SiteFooter } from '~/components/site-footer'
import { SiteHeader } from '~/components/site-header'
import { useLocale } from '~/components/use-locale'
import { useMediaQuery } from '~/components/use-media-query'
import { useRootData } from '~/components/use-root-data'
import type { RouteHandle } from '~/utils/color-mode'
import { t } from '~/utils/i18n'

/**
 * The decorative particle background (SPEC §2, §4), only where it can show: dark mode (dark, or
 * system with a dark OS) and no reduced motion. Elsewhere its island is not rendered, so a
 * visitor who will never see it downloads none of its code, not even the loader
 * (docs/decisions/126); it appears once that changes (a colour mode chosen, a setting turned
 * off). The server, and the browser while hydrating, cannot know the media queries: they render
 * it, and the browser drops it right after if the queries say so.
 */
function Particles() {
	const { active } = useColorMode()
	const osLight = useMediaQuery('(prefers-color-scheme: light)')
	const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')
	const dark = active === 'dark' || (active === 'system' && !osLight)
	return dark && !reducedMotion ? <ParticleBackground /> : null
}

/**
 * The site's footer, with the legal links when the site shows them (SPEC §2), and on every page
 * that takes payments, whatever the site's status: a buyer reads the terms before paying (152).
 */
function Footer() {
	const shown = useRootData()?.showLegalLinks ?? false
	const handles = useMatches().map((match) => match.handle as RouteHandle | undefined)
	const sells = handles.some((handle) => handle?.sells)
	const noSwitch = handles.some((handle) => handle?.languageSwitch === false)
	return <SiteFooter showLegalLinks={shown || sells} languageSwitch={!noSwitch} />
}

/**
 * The lead-generation layout (SPEC §2): the site header (logo and navigation, docs/decisions/085),
 * a centred column with the page, and the footer.
 */
export function LeadLayout({ children }: { children: React.ReactNode }) {
	return (
		<div className="flex min-h-screen flex-col items-center">
			{/* Decorative, dark mode only (SPEC §2); a lazy chunk, never part of the first load. */}
			<Particles />
			<SiteHeader />
			<main id="main" className="w-full max-w-3xl flex-1 px-4">
				{children}
			</main>
			<Footer />
		</div>
	)
}

/** The workshop layout: a wider column with the workshop's own banner. */
export function WorkshopLayout({ children }: { children: React.ReactNode }) {
	const locale = useLocale()
	return (
		<div className="flex min-h-screen flex-col items-center">
			<SiteHeader
				badge={
					<p className="hidden rounded-full bg-indigo-100 px-3 py-1 text-sm font-medium text-indigo-900 sm:block dark:bg-indigo-950 dark:text-indigo-100">
						{t('freeWorkshop', locale)}
					</p>
				}
			/>
			<main id="main" className="w-full max-w-5xl flex-1 px-4">
				{children}
			</main>
			<Footer />
		</div>
	)
}

/** A page heading with an optional lead paragraph. */
export function PageHeading({ title, lead }: { title: string; lead?: React.ReactNode }) {
	return (
		<div className="py-10">
			<h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
			{lead ? <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{lead}</p> : null}
		</div>
	)
}
