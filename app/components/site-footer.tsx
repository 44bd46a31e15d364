import { Link } from '@remix-run/react'
import { BrandIcon } from '~/components/brand-icons'
import { site } from '~/site'

/**
 * "Powered By" the sponsor, the social links and, when allowed, the legal links (SPEC §1, §2).
 */
export function SiteFooter({ showLegalLinks }: { showLegalLinks: boolean }) {
	return (
		<footer className="mt-16 flex w-full flex-col items-center gap-4 border-t border-slate-200 px-4 py-8 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
			<p className="flex items-center gap-2">
				<span>Powered By</span>
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
							aria-label={link.label}
							rel="noopener noreferrer"
							className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800"
						>
							<BrandIcon network={link.network} />
						</a>
					</li>
				))}
			</ul>
			{showLegalLinks ? (
				<nav aria-label="Legal">
					<ul className="flex gap-4">
						{site.legal.map((link) => (
							<li key={link.path}>
								<Link to={link.path} className="underline underline-offset-4">
									{link.label}
								</Link>
							</li>
						))}
					</ul>
				</nav>
			) : null}
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
