/**
 * /join?token=… (docs/decisions/116): the joining link of a workshop session or the day event,
 * shown to one registrant. The token is signed for the address and the event (the reminders carry
 * it); the page shows the event's joining link, which lives only in content, while the address is
 * still signed up for it. A tampered, cut or expired link is a 400 page that says so, and an
 * address no longer signed up (moved to another session, its pass refunded) a 403. Nothing is
 * cached: `private, no-store`, and the page cache skips a query parameter it does not key.
 * The link is shown, not redirected to: the safe-redirect helper keeps visitors on this site.
 * Opened during the event, the page records the registrant's attendance (docs/decisions/172).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react'
import { SiteErrorBoundary } from '~/components/error-boundary'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { formatEventRange, timeZoneName } from '~/domain/dates'
import type { Locale } from '~/domain/locale'
import { recordAttendance } from '~/models/certificates/attendance.server'
import { joiningRooms } from '~/models/events/join-link.server'
import { registrationOf } from '~/models/events/registrants.server'
import { remindedEvent } from '~/models/events/reminders.server'
import { verifyJoinToken } from '~/models/links/signed-token.server'
import { localeOfPath, localePath, t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

/** The page's words per language (decision 178). */
const COPY = {
	'en-US': {
		title: 'Your joining link',
		invalid:
			'This link is not valid. Please open the link from your reminder e-mail as it is, all of it.',
		expired: 'This joining link has expired: the event it was for is over.',
		notRegistered:
			'This address is no longer signed up for this event, so its joining link is not shown here.',
		notSet: (room: string | null) =>
			`${room ? `${room}: the` : 'The'} joining link is not set yet. Please open this page again closer to the start.`,
		yours: 'This page is yours alone: please do not forward its address.',
		certified:
			' Opened during the event, it counts you as attending: we e-mail you a certificate of attendance once it has ended.',
		failed: 'This link did not work',
	},
	'de-DE': {
		title: 'Ihr Link zur Teilnahme',
		invalid:
			'Dieser Link ist ungültig. Bitte öffnen Sie den Link aus Ihrer Erinnerungs-E-Mail so, wie er ist, vollständig.',
		expired: 'Dieser Link zur Teilnahme ist abgelaufen: Die Veranstaltung ist vorbei.',
		notRegistered:
			'Diese Adresse ist für diese Veranstaltung nicht mehr angemeldet, daher wird ihr Link zur Teilnahme hier nicht angezeigt.',
		notSet: (room: string | null) =>
			`${room ? `${room}: Der` : 'Der'} Link zur Teilnahme steht noch nicht fest. Bitte öffnen Sie diese Seite kurz vor dem Beginn noch einmal.`,
		yours: 'Diese Seite gehört nur Ihnen: Bitte leiten Sie ihre Adresse nicht weiter.',
		certified:
			' Während der Veranstaltung geöffnet, zählt sie Sie als Teilnehmende: Wir schicken Ihnen nach dem Ende eine Teilnahmebescheinigung per E-Mail.',
		failed: 'Dieser Link hat nicht funktioniert',
	},
} satisfies Record<Locale, unknown>

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title, noindex: true })

// The page carries a private link: no shared cache may keep it. Its own URL (the token) never
// reaches another site: the site's Referrer-Policy sends other sites the origin alone, and the
// joining link is followed with no referrer at all.
const PRIVATE = { 'Cache-Control': 'private, no-store' }

export async function loader({ request }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const locale = localeOfPath(url.pathname)
	const copy = COPY[locale]
	const verified = verifyJoinToken(url.searchParams.get('token'), getConfig().SESSION_SECRET)
	if (!verified.ok)
		throw data(
			{ message: verified.reason === 'expired' ? copy.expired : copy.invalid },
			{ status: 400, headers: PRIVATE },
		)
	const event = remindedEvent(verified.eventId)
	if (!event) throw data({ message: copy.invalid }, { status: 400, headers: PRIVATE })
	const db = await getDb()
	const registration = await registrationOf(db, event, verified.email)
	if (!registration) throw data({ message: copy.notRegistered }, { status: 403, headers: PRIVATE })
	// Opened during the event, it records their attendance, once (decision 172).
	await recordAttendance(db, event, verified.email)
	return data(
		{
			title: event.title,
			when: formatEventRange(event, event.timeZone, locale),
			zoneName: timeZoneName(event, event.timeZone, locale),
			// The day's: the rooms of what the link was signed for and the address holds (155).
			rooms: joiningRooms(event, verified.access, registration.access, locale),
			// The job certifies an attendee whose name it knows (decision 172): only they are told.
			certified: registration.name !== null,
		},
		{ headers: PRIVATE },
	)
}

export default function Join() {
	const { title, when, zoneName, rooms, certified } = useLoaderData<typeof loader>()
	const locale = useLocale()
	const copy = COPY[locale]
	return (
		<LeadLayout>
			<PageHeading title={title} lead={`${when} (${zoneName})`} />
			{rooms.map(({ label, url }) =>
				url ? (
					<p key={label} className="mb-6">
						<a
							href={url}
							rel="noreferrer"
							className="inline-block rounded-md bg-indigo-700 px-4 py-2 font-semibold text-white underline"
						>
							{label}
						</a>
					</p>
				) : (
					<p key={label} role="status" className="mb-6">
						{copy.notSet(rooms.length > 1 ? label : null)}
					</p>
				),
			)}
			<p className="mb-10 text-slate-700 dark:text-slate-300">
				{copy.yours}
				{certified ? copy.certified : null}
			</p>
			<HomeLink locale={locale} />
		</LeadLayout>
	)
}

function HomeLink({ locale }: { locale: Locale }) {
	return (
		<Link
			to={localePath('/', locale)}
			className="font-semibold text-indigo-700 underline dark:text-indigo-300"
		>
			{t('backToHome', locale)}
		</Link>
	)
}

/** A link that did not verify, or an address no longer signed up, says so. */
export function ErrorBoundary() {
	const error = useRouteError()
	const locale = useLocale()
	if (!isRouteErrorResponse(error) || (error.status !== 400 && error.status !== 403))
		return <SiteErrorBoundary />
	const copy = COPY[locale]
	return (
		<LeadLayout>
			<PageHeading
				title={copy.failed}
				lead={(error.data as { message?: string } | undefined)?.message ?? copy.invalid}
			/>
			<HomeLink locale={locale} />
		</LeadLayout>
	)
}
