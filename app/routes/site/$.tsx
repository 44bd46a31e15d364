import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { SiteErrorBoundary } from '~/components/error-boundary'
import { localeOfPath, t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { pathNotFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

/**
 * Any path no other route claims. Answering here (rather than letting Remix fall through)
 * runs the root loader, so the 404 page keeps the visitor's colour mode and footer.
 */
export function loader({ request }: LoaderFunctionArgs) {
	throw pathNotFound(new URL(request.url).pathname)
}

/** The 404 page's own title in the tab and in history (docs/decisions/088), never indexed. */
export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: t('pageNotFound', localeOfPath(args.location.pathname)), noindex: true })

/** A form posted to an unknown path is a 404 too. */
export function action(args: LoaderFunctionArgs) {
	return loader(args)
}

export default function NotFound() {
	return null
}

export const ErrorBoundary = SiteErrorBoundary
