import { Link } from '@remix-run/react'
import { useLocale } from '~/components/use-locale'
import { site } from '~/site'
import { localePath } from '~/utils/i18n'

/** The site's mark and name, linking home (the German home on a German page). */
export function Logo() {
	return (
		<Link
			to={localePath('/', useLocale())}
			className="inline-flex items-center gap-2 rounded font-semibold tracking-tight"
		>
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
