import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { listContent } from '~/content/content.server'
import { contentCopy } from '~/content/copy'
import { formatDay } from '~/domain/dates'
import { contentHeaders } from '~/http/cache-control.server'
import { isPreview } from '~/http/preview.server'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

export async function loader({ request }: LoaderFunctionArgs) {
	const preview = await isPreview(request)
	return data(
		{ sheets: listContent('cheatsheets', { preview }) },
		{ headers: contentHeaders(preview) },
	)
}

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: contentCopy.cheatsheets.title,
		description: contentCopy.cheatsheets.description,
	})

export default function CheatsheetsIndex() {
	const { sheets } = useLoaderData<typeof loader>()
	return (
		<LeadLayout>
			<PageHeading
				title={contentCopy.cheatsheets.title}
				lead={contentCopy.cheatsheets.description}
			/>
			<ul className="grid gap-4 pb-16 sm:grid-cols-2">
				{sheets.map((sheet) => (
					<li key={sheet.path}>
						<Link
							to={sheet.path}
							className="block h-full rounded-xl border border-slate-200 p-5 transition-colors hover:border-indigo-400 hover:bg-slate-50 dark:border-slate-800 dark:hover:border-indigo-500 dark:hover:bg-slate-900"
						>
							<h2 className="text-lg font-semibold">{sheet.title}</h2>
							<p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{sheet.description}</p>
							<p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
								Updated{' '}
								<time dateTime={sheet.updated ?? sheet.date}>
									{formatDay(sheet.updated ?? sheet.date)}
								</time>
								{sheet.draft ? ' · Draft' : null}
							</p>
						</Link>
					</li>
				))}
			</ul>
		</LeadLayout>
	)
}
