import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ContentPage } from '~/components/content/content-page'
import { LeadLayout } from '~/components/layouts'
import { pageMeta } from '~/utils/meta'
import { contentPageHeaders, loadContentPage } from './content-page.shared.server'

export { shouldRevalidate } from '~/utils/revalidate'

export const loader = loadContentPage
export const headers = contentPageHeaders

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
