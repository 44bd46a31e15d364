/**
 * /certificates/<signed id> (issue 38 item 3, docs/decisions/172): the public page that checks
 * a certificate of attendance, printed on the certificate and in its e-mail. A valid one shows
 * the name as printed, the event, its date and hours, never the address. A forged, cut or
 * withdrawn id is a 404 page that says so. Never stored by a shared cache: `private, no-store`
 * (a withdrawal must show at once, and the page cache skips a private answer). A German
 * certificate prints the German twin's address (/de/certificates/…), which says it in German.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react'
import { SiteErrorBoundary } from '~/components/error-boundary'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import type { Locale } from '~/domain/locale'
import { certificateFacts } from '~/models/certificates/issue.server'
import { verifyLinkToken } from '~/models/links/signed-token.server'
import { site } from '~/site'
import { localeOfPath, localePath, t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

/** The page's words per language (decision 175's pattern). */
const COPY = {
	'en-US': {
		meta: 'Certificate of attendance',
		valid: 'A valid certificate of attendance',
		name: 'Name',
		event: 'Event',
		date: 'Date',
		length: 'Length',
		online: (hours: string) => `${hours}, online`,
		issuedBy: 'Issued by',
		notFound: 'Certificate not found',
		notValid:
			'We did not issue a certificate at this address, or it was withdrawn. Please check that the address is complete, as printed on the certificate.',
	},
	'de-DE': {
		meta: 'Teilnahmebescheinigung',
		valid: 'Eine gültige Teilnahmebescheinigung',
		name: 'Name',
		event: 'Veranstaltung',
		date: 'Datum',
		length: 'Dauer',
		online: (hours: string) => `${hours}, online`,
		issuedBy: 'Ausgestellt von',
		notFound: 'Bescheinigung nicht gefunden',
		notValid:
			'Unter dieser Adresse haben wir keine Bescheinigung ausgestellt, oder sie wurde zurückgezogen. Bitte prüfen Sie, ob die Adresse vollständig ist, wie sie auf der Bescheinigung steht.',
	},
} satisfies Record<Locale, unknown>

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].meta, noindex: true })

const PRIVATE = { 'Cache-Control': 'private, no-store' }

export async function loader({ params, request }: LoaderFunctionArgs) {
	const locale = localeOfPath(new URL(request.url).pathname)
	const link = verifyLinkToken(params.token, 'certificate', getConfig().SESSION_SECRET)
	const facts = link.ok ? await certificateFacts(await getDb(), link.subject, locale) : null
	if (!facts) throw data({ notFound: true }, { status: 404, headers: PRIVATE })
	return data({ ...facts, organizer: site.sponsor.name }, { headers: PRIVATE })
}

export default function Certificate() {
	const { name, title, date, hours, organizer } = useLoaderData<typeof loader>()
	const locale = useLocale()
	const copy = COPY[locale]
	return (
		<LeadLayout>
			<PageHeading title={copy.valid} />
			<dl className="mb-10 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
				<dt className="font-semibold">{copy.name}</dt>
				<dd>{name}</dd>
				<dt className="font-semibold">{copy.event}</dt>
				<dd>{title}</dd>
				<dt className="font-semibold">{copy.date}</dt>
				<dd>{date}</dd>
				<dt className="font-semibold">{copy.length}</dt>
				<dd>{copy.online(hours)}</dd>
				<dt className="font-semibold">{copy.issuedBy}</dt>
				<dd>{organizer}</dd>
			</dl>
			<Link
				to={localePath('/', locale)}
				className="font-semibold text-indigo-700 underline dark:text-indigo-300"
			>
				{t('backToHome', locale)}
			</Link>
		</LeadLayout>
	)
}

/** A forged, cut or withdrawn certificate says so. */
export function ErrorBoundary() {
	const error = useRouteError()
	const locale = useLocale()
	const copy = COPY[locale]
	if (!isRouteErrorResponse(error) || error.status !== 404) return <SiteErrorBoundary />
	return (
		<LeadLayout>
			<PageHeading title={copy.notFound} lead={copy.notValid} />
			<Link
				to={localePath('/', locale)}
				className="font-semibold text-indigo-700 underline dark:text-indigo-300"
			>
				{t('backToHome', locale)}
			</Link>
		</LeadLayout>
	)
}
