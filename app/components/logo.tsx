import { Link } from '@remix-run/react'
import { site } from '~/site'

/** The site's mark and name, linking home. */
export function Logo() {
	return (
		<Link to="/" className="inline-flex items-center gap-2 rounded font-semibold tracking-tight">
			<svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true" focusable="false">
				<rect width="32" height="32" rx="8" className="fill-indigo-600" />
				<path
					d="M9 22l5-12h4l5 12M11.5 17h9"
					fill="none"
					stroke="white"
					strokeWidth="2.5"
					strokeLinecap="round"
					strokeLinejoin="round"
				/>
			</svg>
			<span>{site.title}</span>
		</Link>
	)
}

/**
 * The sponsor's mark and name for the "Powered By" credit. The name is text beside the mark,
 * not inside the SVG, so it is never clipped and needs no label (docs/decisions/088).
 */
export function SponsorLogo() {
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
