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

/** The sponsor's wordmark for the "Powered By" credit. */
export function SponsorLogo() {
	return (
		<svg viewBox="0 0 140 28" className="h-7 w-auto" aria-hidden="true" focusable="false">
			<rect x="0" y="2" width="24" height="24" rx="6" className="fill-indigo-500" />
			<path
				d="M7 19l5-10 5 10"
				fill="none"
				stroke="white"
				strokeWidth="2.5"
				strokeLinecap="round"
			/>
			<text
				x="32"
				y="20"
				className="fill-current"
				fontSize="15"
				fontWeight="600"
				fontFamily="system-ui, sans-serif"
			>
				{site.sponsor.name}
			</text>
		</svg>
	)
}
