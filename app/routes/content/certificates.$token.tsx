/**
 * /certificates/<signed id> (issue 38 item 3, docs/decisions/172): the public page that checks
 * a certificate of attendance, printed on the certificate and in its e-mail. A valid one shows
 * the name as printed, the event, its date and hours, never the address. A forged, cut or
 * withdrawn id is a 404 page that says so. Never stored by a shared cache: `private, no-store`
 * (a withdrawal must show at once, and the page cache skips a private answer).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react'
import { SiteErrorBoundary } from '~/components/error-boundary'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { certificateFacts } from '~/models/certificates/issue.server'
import { verifyLinkToken } from '~/models/links/signed-token.server'
import { site } from '~/site'
import { t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: 'Certificate of attendance', noindex: true })

const PRIVATE = { 'Cache-Control': 'private, no-store' }

const NOT_VALID =
	'We did not issue a certificate at this address, or it was withdrawn. Please check that the address is complete, as printed on the certificate.'

export async function loader({ params }: LoaderFunctionArgs) {
	const link = verifyLinkToken(params.token, 'certificate', getConfig().SESSION_SECRET)
	const facts = link.ok ? await certificateFacts(await getDb(), link.subject) : null
	if (!facts) throw data({ message: NOT_VALID }, { status: 404, headers: PRIVATE })
	return data({ ...facts, organizer: site.sponsor.name }, { headers: PRIVATE })
}

export default function Certificate() {
	const { name, title, date, hours, organizer } = useLoaderData<typeof loader>()
	return (
		<LeadLayout>
			<PageHeading title="A valid certificate of attendance" />
			<dl className="mb-10 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
				<dt className="font-semibold">Name</dt>
				<dd>{name}</dd>
				<dt className="font-semibold">Event</dt>
				<dd>{title}</dd>
				<dt className="font-semibold">Date</dt>
				<dd>{date}</dd>
				<dt className="font-semibold">Length</dt>
				<dd>{hours}, online</dd>
				<dt className="font-semibold">Issued by</dt>
				<dd>{organizer}</dd>
			</dl>
			<Link to="/" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
				{t('backToHome')}
			</Link>
		</LeadLayout>
	)
}

/** A forged, cut or withdrawn certificate says so. */
export function ErrorBoundary() {
	const error = useRouteError()
	if (!isRouteErrorResponse(error) || error.status !== 404) return <SiteErrorBoundary />
	return (
		<LeadLayout>
			<PageHeading
				title="Certificate not found"
				lead={(error.data as { message?: string } | undefined)?.message ?? NOT_VALID}
			/>
			<Link to="/" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
				{t('backToHome')}
			</Link>
		</LeadLayout>
	)
}
