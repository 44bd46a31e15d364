import { ColorModeToggle } from '~/components/color-mode-toggle'
import { ParticleBackground } from '~/components/islands'
import { Logo } from '~/components/logo'
import { SiteFooter } from '~/components/site-footer'

/** The lead-generation layout (SPEC §2): a centred column with a logo, the page and the footer. */
export function LeadLayout({ children }: { children: React.ReactNode }) {
	return (
		<div className="flex min-h-screen flex-col items-center">
			{/* Decorative, dark mode only (SPEC §2); a lazy chunk, never part of the first load. */}
			<ParticleBackground />
			<header className="flex w-full max-w-3xl items-center justify-between px-4 py-6">
				<Logo />
				<ColorModeToggle />
			</header>
			<main id="main" className="w-full max-w-3xl flex-1 px-4">
				{children}
			</main>
			<SiteFooter />
		</div>
	)
}

/** The workshop layout: a wider column with the workshop's own banner. */
export function WorkshopLayout({ children }: { children: React.ReactNode }) {
	return (
		<div className="flex min-h-screen flex-col items-center">
			<header className="flex w-full max-w-5xl items-center justify-between px-4 py-6">
				<Logo />
				<p className="rounded-full bg-indigo-100 px-3 py-1 text-sm font-medium text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
					Free workshop
				</p>
				<ColorModeToggle />
			</header>
			<main id="main" className="w-full max-w-5xl flex-1 px-4">
				{children}
			</main>
			<SiteFooter />
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
