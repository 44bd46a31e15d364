import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { listContent } from '~/content/content.server'
import { cheatsheetWords } from '~/content/copy'
import { formatDay } from '~/domain/dates'
import { contentHeaders } from '~/http/cache-control.server'
import { isPreview } from '~/http/preview.server'
import { LOCALE_TAGS, localeOfPath, localePath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

export async function loader({ request }: LoaderFunctionArgs) {
	const preview = await isPreview(request)
	// Under /de each sheet by its German title when it has a translation (decision 178).
	const locale = localeOfPath(new URL(request.url).pathname)
	return data(
		{ sheets: listContent('cheatsheets', { preview, locale }) },
		{ headers: contentHeaders(preview) },
	)
}

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders

export const meta: MetaFunction = (args) => {
	const words = cheatsheetWords[localeOfPath(args.location.pathname)]
	return pageMeta(args, { title: words.title, description: words.description })
}

export default function CheatsheetsIndex() {
	const { sheets } = useLoaderData<typeof loader>()
	const locale = useLocale()
	const words = cheatsheetWords[locale]
	return (
		<LeadLayout>
			<PageHeading title={words.title} lead={words.description} />
			<ul className="grid gap-4 pb-16 sm:grid-cols-2">
				{sheets.map((sheet) => (
					// A sheet not translated yet is listed in English, and marked so.
					<li
						key={sheet.path}
						lang={sheet.locale === locale ? undefined : LOCALE_TAGS[sheet.locale].lang}
					>
						<Link
							to={localePath(sheet.path, locale)}
							className="block h-full rounded-xl border border-slate-200 p-5 transition-colors hover:border-indigo-400 hover:bg-slate-50 dark:border-slate-800 dark:hover:border-indigo-500 dark:hover:bg-slate-900"
						>
							<h2 className="text-lg font-semibold">{sheet.title}</h2>
							<p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{sheet.description}</p>
							<p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
								{words.updated}{' '}
								<time dateTime={sheet.updated ?? sheet.date}>
									{formatDay(sheet.updated ?? sheet.date, locale)}
								</time>
								{sheet.draft ? ` · ${words.draft}` : null}
							</p>
						</Link>
					</li>
				))}
			</ul>
		</LeadLayout>
	)
}
