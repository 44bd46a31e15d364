import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ContentPage } from '~/components/content/content-page'
import { LeadLayout } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { cheatsheetWords } from '~/content/copy'
import { localeOfPath, localePath } from '~/utils/i18n'
import { articleMeta } from '~/utils/meta'
import { contentPageHeaders, loadContentPage } from './content-page.shared.server'

export { shouldRevalidate } from '~/utils/revalidate'

export const loader = loadContentPage
export const headers = contentPageHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
	articleMeta(args, args.data?.page, {
		name: cheatsheetWords[localeOfPath(args.location.pathname)].title,
		path: '/cheatsheets',
	})

export default function Cheatsheet() {
	const { page: sheet } = useLoaderData<typeof loader>()
	const locale = useLocale()
	const words = cheatsheetWords[locale]
	return (
		<LeadLayout>
			<ContentPage
				{...sheet}
				back={{ to: localePath('/cheatsheets', locale), label: words.allSheets }}
				eyebrow={words.sheet}
			/>
		</LeadLayout>
	)
}
