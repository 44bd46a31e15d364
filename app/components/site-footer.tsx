import { Link, useLocation } from '@remix-run/react'
import { BrandIcon } from '~/components/brand-icons'
import { useLocale } from '~/components/use-locale'
import { site } from '~/site'
import { LOCALE_TAGS, languageSwitchHref, localePath, t } from '~/utils/i18n'

/**
 * The other language's name, linking to this page in it (decision 175): a plain link, so the
 * server's redirect sets the locale cookie with JavaScript off as on. None on a page without a
 * twin (the checkout, a 404).
 */
function LanguageSwitch() {
	const { pathname, search } = useLocation()
	const locale = useLocale()
	// A plain <a>, not <Link>: a full page load, so the server answers the switch.
	const href = languageSwitchHref(pathname, search)
	if (!href) return null
	const other = LOCALE_TAGS[locale === 'de-DE' ? 'en-US' : 'de-DE'].lang
	return (
		<p>
			<a
				href={href}
				hrefLang={other}
				lang={other}
				aria-label={t('languageSwitchLabel', locale)}
				className="underline underline-offset-4"
			>
				{t('languageSwitch', locale)}
			</a>
		</p>
	)
}

/**
 * "Powered By" the sponsor, the social links, when allowed the legal links (SPEC §1, §2), and
 * the language switch.
 */
export function SiteFooter({
	showLegalLinks,
	languageSwitch = true,
}: {
	showLegalLinks: boolean
	/** False where the page's handle says so (RouteHandle). */
	languageSwitch?: boolean
}) {
	const locale = useLocale()
	return (
		<footer className="mt-16 flex w-full flex-col items-center gap-4 border-t border-slate-200 px-4 py-8 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
			<p className="flex items-center gap-2">
				<span>{t('poweredBy', locale)}</span>
				<a
					href={site.sponsor.url}
					className="rounded font-semibold text-slate-800 dark:text-slate-200"
				>
					<SponsorLogo />
				</a>
			</p>
			<ul className="flex gap-2">
				{site.social.map((link) => (
					<li key={link.network}>
						<a
							href={link.url}
							aria-label={t(link.label, locale)}
							rel="noopener noreferrer"
							className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800"
						>
							<BrandIcon network={link.network} />
						</a>
					</li>
				))}
			</ul>
			{showLegalLinks ? (
				<nav aria-label={t('legalNavigation', locale)}>
					<ul className="flex gap-4">
						{site.legal.map((link) => (
							<li key={link.path}>
								<Link to={localePath(link.path, locale)} className="underline underline-offset-4">
									{t(link.label, locale)}
								</Link>
							</li>
						))}
					</ul>
				</nav>
			) : null}
			{languageSwitch ? <LanguageSwitch /> : null}
		</footer>
	)
}

/**
 * The sponsor's mark and name for the "Powered By" credit. The name is text beside the mark,
 * not inside the SVG, so it is never clipped and needs no label (docs/decisions/088).
 */
function SponsorLogo() {
	return (
		<span className="inline-flex items-center gap-2 whitespace-nowrap">
			<svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
				<rect width="24" height="24" rx="6" className="fill-indigo-500" />
				<path
					d="M7 17l5-10 5 10"
					fill="none"
					stroke="white"
					strokeWidth="2.5"
					strokeLinecap="round"
				/>
			</svg>
			<span>{site.sponsor.name}</span>
		</span>
	)
}
