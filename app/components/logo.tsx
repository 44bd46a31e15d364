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
