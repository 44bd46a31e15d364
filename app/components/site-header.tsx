import { NavLink, useLocation } from '@remix-run/react'
import { ColorModeToggle } from '~/components/color-mode-toggle'
import { Icon } from '~/components/icons'
import { Logo } from '~/components/logo'
import { useLocale } from '~/components/use-locale'
import { site } from '~/site'
import { localePath, t } from '~/utils/i18n'

const linkClasses = ({ isActive }: { isActive: boolean }) =>
	`block rounded-md px-3 py-2 font-medium underline-offset-8 hover:bg-slate-100 dark:hover:bg-slate-800 ${
		isActive
			? 'text-indigo-700 underline decoration-2 dark:text-indigo-300'
			: 'text-slate-700 dark:text-slate-200'
	}`

/** The header's links; NavLink sets aria-current="page" on the current page's, on the server too. */
function NavLinks({ className }: { className: string }) {
	const locale = useLocale()
	return (
		<ul className={className}>
			{site.nav.map((link) => (
				<li key={link.path}>
					{/* The course link is current on `/` (or `/de`) only, not on every page below it. */}
					<NavLink
						to={localePath(link.path, locale)}
						end={link.path === '/'}
						className={linkClasses}
					>
						{t(link.label, locale)}
					</NavLink>
				</li>
			))}
		</ul>
	)
}

/**
 * The header of every page (docs/decisions/085): the logo home, the main links and the
 * colour-mode toggle. Narrow screens get the links in a native <details> menu, which opens and
 * closes without JavaScript; no script is added to the first load.
 */
export function SiteHeader({ badge }: { badge?: React.ReactNode }) {
	// A new page closes the menu: keying the <details> by the path remounts it, closed.
	const { pathname } = useLocation()
	const locale = useLocale()
	return (
		<header className="w-full border-b border-slate-200 bg-white/80 dark:border-slate-800 dark:bg-slate-950/80">
			<div className="relative mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
				<div className="flex items-center gap-3">
					<Logo />
					{badge}
				</div>
				<div className="flex items-center gap-2">
					<nav aria-label={t('mainNavigation', locale)}>
						<NavLinks className="hidden items-center gap-1 md:flex" />
						<details key={pathname} className="group md:hidden">
							<summary className="flex h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-2 rounded-full border border-slate-300 px-3 font-medium text-slate-700 dark:border-slate-700 dark:text-slate-200 [&::-webkit-details-marker]:hidden">
								<Icon name="menu" className="h-5 w-5 group-open:hidden" />
								<Icon name="close" className="hidden h-5 w-5 group-open:block" />
								{/* The word needs room: below 360 px the button is its icon (and its name). */}
								<span aria-hidden="true" className="hidden min-[360px]:inline">
									{t('menu', locale)}
								</span>
								{/* Named by what it does (SPEC §8), switched by the open state in CSS alone. */}
								<span className="sr-only group-open:hidden">{t('openMenu', locale)}</span>
								<span className="sr-only hidden group-open:inline">{t('closeMenu', locale)}</span>
							</summary>
							<NavLinks className="absolute inset-x-0 top-full z-20 space-y-1 border-b border-slate-200 bg-white px-4 py-3 shadow-lg dark:border-slate-800 dark:bg-slate-950" />
						</details>
					</nav>
					<ColorModeToggle />
				</div>
			</div>
		</header>
	)
}
