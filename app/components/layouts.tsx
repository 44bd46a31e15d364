import { ParticleBackground } from '~/components/islands'
import { SiteFooter } from '~/components/site-footer'
import { SiteHeader } from '~/components/site-header'

/**
 * The lead-generation layout (SPEC §2): the site header (logo and navigation, docs/decisions/085),
 * a centred column with the page, and the footer.
 */
export function LeadLayout({ children }: { children: React.ReactNode }) {
	return (
		<div className="flex min-h-screen flex-col items-center">
			{/* Decorative, dark mode only (SPEC §2); a lazy chunk, never part of the first load. */}
			<ParticleBackground />
			<SiteHeader />
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
			<SiteHeader
				badge={
					<p className="hidden rounded-full bg-indigo-100 px-3 py-1 text-sm font-medium text-indigo-900 sm:block dark:bg-indigo-950 dark:text-indigo-100">
						Free workshop
					</p>
				}
			/>
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
