import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { site } from '~/site'
import { requireFound } from '~/utils/http'
import { pageMeta } from '~/utils/meta'

export async function loader({ request }: LoaderFunctionArgs) {
	const { pathname } = new URL(request.url)
	const page = requireFound(
		site.legal.find((link) => link.path === pathname),
		pathname,
	)
	return json({ title: page.label })
}

export const meta: MetaFunction<typeof loader> = (args) =>
	pageMeta(args, { title: args.data?.title })

export default function LegalPage() {
	const { title } = useLoaderData<typeof loader>()
	return (
		<LeadLayout>
			<PageHeading
				title={title}
				lead="The full text is being finalised and will be published here before launch."
			/>
		</LeadLayout>
	)
}
