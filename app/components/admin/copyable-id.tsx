/**
 * An id in the owner's dashboard (docs/decisions/111): monospace, never underlined (an underline
 * hides underscores, and ids are base64url), selected whole by one click when it is not a link,
 * wrapping anywhere rather than widening a phone's page (whole on a wide screen). With JavaScript, a "Copy" button beside it.
 */
import { Link } from '@remix-run/react'
import { useState } from 'react'
import { useHydrated } from '~/components/use-hydrated'

export function CopyableId({ id, to, what }: { id: string; to?: string; what: string }) {
	const hydrated = useHydrated()
	const [copied, setCopied] = useState(false)
	const copy = () => {
		navigator.clipboard?.writeText(id).then(
			() => {
				setCopied(true)
				setTimeout(() => setCopied(false), 2_000)
			},
			() => setCopied(false),
		)
	}
	return (
		<span className="inline-flex max-w-full flex-wrap items-baseline gap-x-2">
			{to ? (
				<Link
					to={to}
					className="break-all font-mono text-indigo-700 lg:break-normal no-underline hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-950"
				>
					{id}
				</Link>
			) : (
				<code className="select-all break-all lg:break-normal">{id}</code>
			)}
			{hydrated ? (
				<button
					type="button"
					onClick={copy}
					aria-label={`Copy ${what} ${id}`}
					className="text-xs text-slate-600 underline underline-offset-4 dark:text-slate-400"
				>
					{copied ? 'Copied' : 'Copy'}
				</button>
			) : null}
		</span>
	)
}
