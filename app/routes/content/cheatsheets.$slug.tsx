import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ContentPage } from '~/components/content/content-page'
import { LeadLayout } from '~/components/layouts'
import { articleMeta } from '~/utils/meta'
import { contentPageHeaders, loadContentPage } from './content-page.shared.server'

export { shouldRevalidate } from '~/utils/revalidate'

export const loader = loadContentPage
export const headers = contentPageHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
	articleMeta(args, args.data?.page, { name: 'Cheatsheets', path: '/cheatsheets' })

export default function Cheatsheet() {
	const { page: sheet } = useLoaderData<typeof loader>()
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
