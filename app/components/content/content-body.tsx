import { useEffect, useRef } from 'react'
import { useRootData } from '~/components/use-root-data'
import type { TocEntry } from '~/content/schema'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { t } from '~/utils/i18n'
import { enhanceContent } from './enhance'

/**
 * The body of a content page: HTML rendered at build time from MDX. React does not own what
 * is inside, so the enhancer may add behaviour to it; it runs again whenever the HTML changes.
 */
export function ContentBody({ html }: { html: string }) {
	const ref = useRef<HTMLDivElement>(null)
	const iconService = useRootData()?.config.ICON_SERVICE_URL ?? null
	// biome-ignore lint/correctness/useExhaustiveDependencies: new HTML is new markup to enhance
	useEffect(() => {
		if (!ref.current) return
		return enhanceContent(ref.current, iconService)
	}, [html, iconService])
	// biome-ignore lint/security/noDangerouslySetInnerHtml: our own MDX, rendered at build time
	return <div ref={ref} className="content-body pb-16" dangerouslySetInnerHTML={{ __html: html }} />
}

/** Pages with at least this many sections get an "On this page" list. */
const TOC_MIN_ENTRIES = 3

export function TableOfContents({
	toc,
	locale = DEFAULT_LOCALE,
}: {
	toc: TocEntry[]
	/** The language of the text it lists. */
	locale?: Locale
}) {
	if (toc.length < TOC_MIN_ENTRIES) return null
	return (
		<nav
			aria-labelledby="on-this-page"
			className="mb-10 rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800"
		>
			<h2 id="on-this-page" className="font-semibold">
				{t('onThisPage', locale)}
			</h2>
			<ol className="mt-2 space-y-1">
				{toc.map((entry) => (
					<li key={entry.id} className={entry.depth === 3 ? 'pl-4' : undefined}>
						<a
							href={`#${entry.id}`}
							className="text-slate-700 hover:text-indigo-700 hover:underline dark:text-slate-300 dark:hover:text-indigo-300"
						>
							{entry.text}
						</a>
					</li>
				))}
			</ol>
		</nav>
	)
}
