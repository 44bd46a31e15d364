/**
 * Workshop sessions (docs/decisions/110): the workshop events of content/site/events.yml, one
 * of which a visitor chooses when signing up. A session's `id` is its stable id: stored with
 * the lead (`leads.workshop_session`), named in the owner's lists and exports, the calendar
 * UID. A session may have a capacity; its places are the workshop leads who chose it, counted
 * under a lock per session, so two sign-ups for the last place never both get it, across
 * requests and app servers.
 */
import { and, count, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { ownerTimeZone } from '~/content/owner-zone.server'
import type { SiteEvent } from '~/content/site-content'
import { eventsOf, findEvent } from '~/content/site-content.server'
import type { Db } from '~/db/client.server'
import { rowsOf } from '~/db/query.server'
import { leads } from '~/db/schema-leads.server'
import { overviewSessionCounts } from '~/db/schema-overview.server'
import { formatEventRange, formatEventWhen, timeZoneName } from '~/domain/dates'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { log } from '~/log.server'

/** Why a session cannot be had; the form says so next to the session field. */
export type SessionProblem = 'unknown' | 'begun' | 'full' | 'none'

/** A session that cannot be had (a typed error: the route turns it into the form's message). */
export class WorkshopSessionError extends Error {
	name = 'WorkshopSessionError'
	constructor(readonly problem: SessionProblem) {
		super(`Workshop session not available: ${problem}`)
	}
}

// pg_advisory_xact_lock's first key for "a workshop session's places" ('wses' in ASCII); the
// second is the session id's hash (two sessions sharing one only take turns).
const SESSION_LOCK_KEY = 0x77736573

/** The sessions one may still sign up for: those not begun by `now`, earliest first. */
function openSessions(now = new Date()): SiteEvent[] {
	return eventsOf('workshop').filter(
		(session) => Date.parse(session.start) > now.getTime() && session.status !== 'cancelled',
	)
}

/** A workshop session by its id, past ones too (a lead's session stays named), or undefined. */
export function findSession(id: string | null | undefined): SiteEvent | undefined {
	const event = id ? findEvent(id) : undefined
	return event?.kind === 'workshop' ? event : undefined
}

/**
 * How long an unconfirmed sign-up's place counts (docs/decisions/131), at most until its session
 * starts: two days is time enough to open an e-mail, short enough that places held by addresses
 * nobody reads come back well before a session a week or two ahead.
 */
export const UNCONFIRMED_PLACE_HOURS = 48

/**
 * How many unconfirmed places one client network may hold in a session at a time
 * (docs/decisions/131): a household or an office signing up a few people, not a script inventing
 * addresses. Past it a sign-up is stored and mailed but holds no place until it is confirmed.
 */
export const UNCONFIRMED_PLACES_PER_NETWORK = 3

/** A workshop lead whose place counts: confirmed (or from before 131), or held and not expired. */
const placeCounts = or(isNull(leads.placeExpiresAt), gt(leads.placeExpiresAt, sql`now()`))
const PLACE_COUNTS_SQL = sql`(place_expires_at IS NULL OR place_expires_at > now())`

/** When an unconfirmed place taken at `now` in `session` stops counting. */
export function unconfirmedPlaceEnd(session: Pick<SiteEvent, 'start'>, now: Date): Date {
	return new Date(
		Math.min(now.getTime() + UNCONFIRMED_PLACE_HOURS * 3_600_000, Date.parse(session.start)),
	)
}

/** Places taken per session id (workshop leads who chose it and whose place counts). */
export async function placesTaken(db: Db, ids?: readonly string[]): Promise<Map<string, number>> {
	if (ids?.length === 0) return new Map()
	const rows = await db
		.select({ session: leads.workshopSession, taken: count() })
		.from(leads)
		.where(
			and(
				eq(leads.list, 'workshop'),
				ids ? inArray(leads.workshopSession, [...ids]) : isNotNull(leads.workshopSession),
				placeCounts,
			),
		)
		.groupBy(leads.workshopSession)
	return new Map(rows.map((row) => [row.session ?? '', row.taken]))
}

export type SessionChoice = {
	id: string
	when: string
	zoneName: string
	placeholder: boolean
	capacity: number | null
	/** Places left; null: no capacity. */
	left: number | null
	full: boolean
}

/**
 * The sessions the sign-up form offers, each with whether it is full. The page does not fail
 * when the database cannot be read: it offers every session, and the sign-up checks again.
 */
export async function sessionChoices(
	db: Db,
	now = new Date(),
	locale: Locale = DEFAULT_LOCALE,
): Promise<SessionChoice[]> {
	const sessions = openSessions(now)
	const capped = sessions.filter((session) => session.capacity !== undefined)
	let taken = new Map<string, number>()
	try {
		taken = await placesTaken(
			db,
			capped.map((session) => session.id),
		)
	} catch (error) {
		log.warn({ err: error }, 'Workshop session places could not be read')
	}
	return sessions.map((session) => {
		const capacity = session.capacity ?? null
		const left = capacity === null ? null : Math.max(0, capacity - (taken.get(session.id) ?? 0))
		return {
			id: session.id,
			when: formatEventRange(session, undefined, locale),
			zoneName: timeZoneName(session, undefined, locale),
			placeholder: session.placeholder,
			capacity,
			left,
			full: left === 0,
		}
	})
}

/** The session chosen by default: the nearest one with a place left. */
export function defaultSessionId(choices: readonly SessionChoice[]): string | undefined {
	return choices.find((choice) => !choice.full)?.id
}

/**
 * The session a sign-up is for. One asked for by id must exist and not have begun. None asked
 * for (a one-click link, a page from before sessions): the session the address already chose,
 * while it is open, else the nearest one with a place left. Whether an asked-for session has a
 * place is decided in the sign-up's transaction (`takeSessionPlace`).
 */
export async function chooseSession(
	db: Db,
	{ email, requested, now = new Date() }: { email: string; requested?: string; now?: Date },
): Promise<SiteEvent> {
	const open = openSessions(now)
	if (requested !== undefined) {
		const session = findSession(requested)
		// A cancelled session is not offered, and not taken (docs/decisions/117).
		if (!session || session.status === 'cancelled') throw new WorkshopSessionError('unknown')
		if (!open.some((candidate) => candidate.id === session.id))
			throw new WorkshopSessionError('begun')
		return session
	}
	const [lead] = await db
		.select({ session: leads.workshopSession })
		.from(leads)
		.where(and(eq(leads.email, email), eq(leads.list, 'workshop')))
	const kept = open.find((session) => session.id === lead?.session)
	if (kept) return kept
	const taken = await placesTaken(
		db,
		open.map((session) => session.id),
	)
	const withRoom = open.find(
		(session) => session.capacity === undefined || (taken.get(session.id) ?? 0) < session.capacity,
	)
	if (!withRoom) throw new WorkshopSessionError('none')
	return withRoom
}

/**
 * Takes a place in `session` for `email` inside the sign-up's transaction, or throws
 * WorkshopSessionError('full'), which rolls the sign-up back. The session's lock is held until
 * the transaction ends; the count is a statement after it, so under READ COMMITTED it sees every
 * sign-up committed by the lock's previous holders (as the seat lock does, decision 107). Someone
 * whose place in the session counts keeps it.
 *
 * `unconfirmed`: the address is not proven yet (a form, not a link from its inbox). The place
 * then counts until `unconfirmedPlaceEnd`, and only while the sign-up's network holds fewer than
 * UNCONFIRMED_PLACES_PER_NETWORK such places in the session; past that it holds none until
 * confirmed (docs/decisions/131). Returns the sign-up's `place_expires_at`: null for a place that
 * counts for good.
 */
export async function takeSessionPlace(
	db: Db,
	email: string,
	session: SiteEvent,
	unconfirmed?: { network: string | null; now?: Date },
): Promise<Date | null> {
	const now = unconfirmed?.now ?? new Date()
	const end = unconfirmed ? unconfirmedPlaceEnd(session, now) : null
	if (session.capacity === undefined) return end
	await db.execute(sql`SELECT pg_advisory_xact_lock(${SESSION_LOCK_KEY}, hashtext(${session.id}))`)
	const network = unconfirmed?.network ?? null
	const [row] = rowsOf(
		await db.execute(sql`SELECT
			count(*) FILTER (WHERE email <> ${email} AND ${PLACE_COUNTS_SQL})::int AS others,
			coalesce(bool_or(email = ${email} AND ${PLACE_COUNTS_SQL}), false) AS mine,
			count(*) FILTER (WHERE email <> ${email} AND place_expires_at > now()
				AND place_network = ${network})::int AS from_network
			FROM leads WHERE list = 'workshop' AND workshop_session = ${session.id}`),
	)
	const mine = row?.mine === true || row?.mine === 't'
	if (!mine && Number(row?.others ?? 0) >= session.capacity) throw new WorkshopSessionError('full')
	if (!mine && network !== null && Number(row?.from_network ?? 0) >= UNCONFIRMED_PLACES_PER_NETWORK)
		return now
	return end
}

export type SessionHeadCount = {
	/** The session's id; null: workshop leads from before sessions could be chosen. */
	id: string | null
	when: string | null
	capacity: number | null
	/** Places that count for good: confirmed, by a one-click link, or from before decision 131. */
	count: number
	/** Unconfirmed places the session still holds (decision 131); expired ones are in neither. */
	awaiting: number
}

/**
 * The owner's head count per session (docs/decisions/110): every session of content, past ones
 * too, earliest first, then any id leads hold that content no longer has, then the workshop
 * leads who never chose one. The figures are the seat rules' (decision 131): the places that
 * count for good, and apart, the unconfirmed ones still held; a sign-up whose place expired
 * holds nothing and is in neither. Read from the roll-up the database keeps of workshop sign-ups
 * per session (`overview_session_counts`, decision 121), less the unconfirmed sign-ups (few,
 * read through their partial index of 0034), not by counting every workshop lead.
 */
export async function sessionHeadCounts(db: Db): Promise<SessionHeadCount[]> {
	const rolledUp = await db
		.select({
			session: sql<string | null>`nullif(${overviewSessionCounts.workshopSession}, '')`,
			count: sql<number>`sum(${overviewSessionCounts.signups})`.mapWith(Number),
		})
		.from(overviewSessionCounts)
		.groupBy(overviewSessionCounts.workshopSession)
		.having(sql`sum(${overviewSessionCounts.signups}) > 0`)
	const unconfirmed = await db
		.select({
			session: leads.workshopSession,
			all: count(),
			held: count(sql`CASE WHEN ${leads.placeExpiresAt} > now() THEN 1 END`),
		})
		.from(leads)
		.where(and(eq(leads.list, 'workshop'), isNotNull(leads.placeExpiresAt)))
		.groupBy(leads.workshopSession)
	const pending = new Map(unconfirmed.map((row) => [row.session, row]))
	const rows = rolledUp
		.map((row) => ({
			session: row.session,
			count: row.count - (pending.get(row.session)?.all ?? 0),
			awaiting: pending.get(row.session)?.held ?? 0,
		}))
		.filter((row) => row.count > 0 || row.awaiting > 0)
	const counts = new Map(rows.map(({ session, count, awaiting }) => [session, { count, awaiting }]))
	const none = { count: 0, awaiting: 0 }
	const sessions = eventsOf('workshop')
	const known = new Set(sessions.map((session) => session.id))
	// The dashboard's one zone, the owner's (decision 153), whatever zone a session is announced in.
	const zone = ownerTimeZone()
	return [
		...sessions.map((session) => ({
			id: session.id,
			when: formatEventWhen(session, zone),
			capacity: session.capacity ?? null,
			...(counts.get(session.id) ?? none),
		})),
		...rows
			.filter((row) => row.session !== null && !known.has(row.session))
			.map((row) => ({
				id: row.session,
				when: null,
				capacity: null,
				count: row.count,
				awaiting: row.awaiting,
			})),
		...(counts.has(null) ? [{ id: null, when: null, capacity: null, ...counts.get(null)! }] : []),
	]
}
