import {
	json,
	type LinksFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ContentPage, contentLinks } from '~/components/content/content-page'
import { LeadLayout } from '~/components/layouts'
import { contentHeaders, findContent, isPreview } from '~/content/content.server'
import { requireFound } from '~/utils/http'
import { pageMeta } from '~/utils/meta'

export const links: LinksFunction = () => contentLinks

/** One cheatsheet, compiled at build time; an unknown slug (or a draft) is a 404. */
export async function loader({ request }: LoaderFunctionArgs) {
	const { pathname } = new URL(request.url)
	const preview = isPreview(request)
	const sheet = requireFound(findContent(pathname, { preview }), pathname)
	return json({ sheet }, { headers: contentHeaders(preview) })
}

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders

export const meta: MetaFunction<typeof loader> = (args) => {
	const sheet = args.data?.sheet
	return pageMeta(args, {
		title: sheet?.title,
		description: sheet?.description,
		type: 'article',
		image: sheet?.image,
		article: sheet && {
			publishedTime: sheet.date,
			modifiedTime: sheet.updated,
			author: sheet.author,
			tags: sheet.tags,
		},
	})
}

export default function Cheatsheet() {
	const { sheet } = useLoaderData<typeof loader>()
	return (
		<LeadLayout>
			<ContentPage
				{...sheet}
				back={{ to: '/cheatsheets', label: 'All cheatsheets' }}
				eyebrow="Cheatsheet"
			/>
		</LeadLayout>
	)
}
