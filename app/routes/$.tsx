import type { LoaderFunctionArgs } from '@remix-run/node'
import { SiteErrorBoundary } from '~/components/error-boundary'
import { pathNotFound } from '~/utils/http'

/**
 * Any path no other route claims. Answering here (rather than letting Remix fall through)
 * runs the root loader, so the 404 page keeps the visitor's colour mode and footer.
 */
export function loader({ request }: LoaderFunctionArgs) {
	throw pathNotFound(new URL(request.url).pathname)
}

/** A form posted to an unknown path is a 404 too. */
export function action(args: LoaderFunctionArgs) {
	return loader(args)
}

export default function NotFound() {
	return null
}

export const ErrorBoundary = SiteErrorBoundary
