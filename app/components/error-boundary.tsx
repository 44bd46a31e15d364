import { ErrorPage } from '~/components/islands'
import { LeadLayout } from '~/components/layouts'
import { useRequestContext } from '~/components/request-context'

/**
 * The error boundary of the root and of the catch-all route: the generic error page (SPEC §2) in
 * the lead layout. Bots and crawlers get no error page (the status stays; entry.server logs the
 * error).
 */
export function SiteErrorBoundary() {
	const { isBot } = useRequestContext()
	if (isBot) return null
	return (
		<LeadLayout>
			<ErrorPage />
		</LeadLayout>
	)
}
