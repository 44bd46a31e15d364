import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

/** Shown instead of a sign-up form while its signed-up flag is set (SPEC §3, §4). */
export function SignedUpNotice({ next, children }: { next: string; children: ReactNode }) {
	return (
		<p role="status" className="font-medium text-emerald-700 dark:text-emerald-400">
			{children}{' '}
			<Link to={next} className="underline">
				What happens next
			</Link>
		</p>
	)
}
