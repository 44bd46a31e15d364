import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ContentPage } from '~/components/content/content-page'
import { LeadLayout } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { cheatsheetWords } from '~/content/copy'
import { localePath } from '~/utils/i18n'
import { articleMeta } from '~/utils/meta'
import { contentPageHeaders, loadContentPage } from './content-page.shared.server'

export { shouldRevalidate } from '~/utils/revalidate'

/** A free sample lesson of the course (content/lessons/, docs/decisions/087). */

export const loader = loadContentPage
export const headers = contentPageHeaders

export const meta: MetaFunction<typeof loader> = (args) => articleMeta(args, args.data?.page, null)

export default function Lesson() {
	const { page: lesson } = useLoaderData<typeof loader>()
	const locale = useLocale()
	const words = cheatsheetWords[locale]
	return (
		<LeadLayout>
			<ContentPage
				{...lesson}
				back={{ to: localePath('/#curriculum', locale), label: words.outline }}
				eyebrow={words.lesson}
			/>
		</LeadLayout>
	)
}
