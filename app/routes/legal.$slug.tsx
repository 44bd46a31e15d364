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

/** A legal page from content/legal/<slug>.mdx; an unknown slug is a 404. */
export async function loader({ request }: LoaderFunctionArgs) {
	const { pathname } = new URL(request.url)
	const preview = isPreview(request)
	const page = requireFound(findContent(pathname, { preview }), pathname)
	return json({ page }, { headers: contentHeaders(preview) })
}

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
	pageMeta(args, { title: args.data?.page.title, description: args.data?.page.description })

export default function LegalPage() {
	const { page } = useLoaderData<typeof loader>()
	// Legal texts show when they last changed, which is what a reader of terms needs to know.
	return (
		<LeadLayout>
			<ContentPage {...page} author={undefined} updated={page.updated ?? page.date} />
		</LeadLayout>
	)
}
