import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound } from '~/utils/http'

/**
 * Confirms a pass claim. Passes are issued by the checkout; until it exists no pass id is valid.
 */
export function loader({ request }: LoaderFunctionArgs) {
	throw notFound(new URL(request.url).pathname)
}

// Never rendered until the loader can find something; a default export makes this a page
// route, so its 404 renders the error page instead of plain text.
export default function Page() {
	return null
}
