/**
 * Who is signed up for an event, and for what (docs/decisions/116, 131, 155): a workshop
 * session's confirmed leads; the day event's confirmed registrants (its live stream), the holders
 * of its claimed passes, and, until a pass is claimed, the buyer who holds it for someone (the
 * pass's rooms too). Reminders, change notices, calendar files, the joining page and the
 * preferences page all ask here, so a buyer of passes not yet handed out gets what a holder would.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { SiteEvent } from '~/content/site-content'
import type { Db } from '~/db/client.server'
import { catalogItems, orders, passes } from '~/db/schema.server'
import { leads } from '~/db/schema-leads.server'
import type { Locale } from '~/domain/locale'
import type { HandOut as EmailHandOut } from '~/integrations/email/templates'
import { orderPageUrl } from '~/models/links/order-link.server'
import type { JoinAccess } from '~/models/links/signed-token.server'
import { mailboxOf } from '~/models/preferences/mailbox.server'

/** Passes of one paid order not claimed yet: their buyer hands them out (decision 155). */
type HandOut = { orderId: string; unclaimed: number }

export type Recipient = {
	email: string
	firstName: string | null
	/** Their whole name where it is known (a certificate prints it: decision 172). */
	name: string | null
	/** When they were sent the event's calendar file: the confirmation, the receipt, the claim. */
	since: Date
	/** The day event's: the live stream, or a pass's rooms as well. None for a workshop session. */
	access?: JoinAccess
	/** The passes this address bought and has still to hand out, by order (none: all claimed). */
	handOut: HandOut[]
	/**
	 * The language they signed up in (`leads.locale`, decision 175), a buyer's their order's
	 * (decision 174), a pass's holder's the language of the page it was claimed on (decision 177).
	 */
	locale: Locale
}

const firstNameOf = (name: string | null) => name?.trim().split(/\s+/)[0] || null
const fullName = (...parts: (string | null)[]) =>
	parts
		.map((part) => part?.trim())
		.filter(Boolean)
		.join(' ') || null

async function workshopLeads(db: Db, event: SiteEvent): Promise<Recipient[]> {
	const rows = await db
		.select({
			email: leads.email,
			firstName: leads.firstName,
			lastName: leads.lastName,
			locale: leads.locale,
			since: sql<Date>`coalesce(${leads.confirmationSentAt}, ${leads.createdAt})`.mapWith(
				leads.createdAt,
			),
		})
		.from(leads)
		.where(
			and(
				eq(leads.list, 'workshop'),
				eq(leads.workshopSession, event.id),
				isNull(leads.erasedAt),
				// A place that counts for good: confirmed, or from before decision 131.
				isNull(leads.placeExpiresAt),
			),
		)
	return rows.map(({ lastName, ...row }) => ({
		...row,
		name: fullName(row.firstName, lastName),
		handOut: [],
	}))
}

async function dayRegistrants(db: Db): Promise<Recipient[]> {
	const registered = await db
		.select({
			email: leads.email,
			firstName: leads.firstName,
			lastName: leads.lastName,
			locale: leads.locale,
			since: sql<Date>`coalesce(${leads.confirmationSentAt}, ${leads.createdAt})`.mapWith(
				leads.createdAt,
			),
		})
		.from(leads)
		.where(and(eq(leads.list, 'day_event'), isNotNull(leads.confirmedAt), isNull(leads.erasedAt)))
	const paidPass = and(eq(orders.status, 'paid'), eq(catalogItems.type, 'pass'))
	const holders = await db
		.select({
			email: passes.holderEmail,
			name: passes.holderName,
			locale: passes.locale,
			since: sql<Date>`coalesce(${passes.claimedAt}, ${passes.createdAt})`.mapWith(
				passes.createdAt,
			),
		})
		.from(passes)
		.innerJoin(orders, eq(orders.id, passes.orderId))
		.innerJoin(catalogItems, eq(catalogItems.code, passes.itemCode))
		.where(and(paidPass, isNotNull(passes.holderEmail)))
	// The buyer stands in for each pass not claimed yet: one row per order, its count.
	const buyers = await db
		.select({
			orderId: orders.id,
			email: orders.email,
			name: orders.customerName,
			locale: orders.locale,
			since: sql<Date>`coalesce(${orders.paidAt}, ${orders.createdAt})`.mapWith(orders.createdAt),
			unclaimed: sql<number>`count(*)::int`,
		})
		.from(passes)
		.innerJoin(orders, eq(orders.id, passes.orderId))
		.innerJoin(catalogItems, eq(catalogItems.code, passes.itemCode))
		.where(and(paidPass, isNull(passes.claimedAt), isNotNull(orders.email)))
		.groupBy(orders.id)
	return [
		...registered.map(({ lastName, ...row }) => ({
			...row,
			name: fullName(row.firstName, lastName),
			access: 'stream' as const,
			handOut: [],
		})),
		...holders.map((row) => ({
			email: row.email!,
			firstName: firstNameOf(row.name),
			name: fullName(row.name),
			since: row.since,
			access: 'pass' as const,
			handOut: [],
			locale: row.locale,
		})),
		...buyers.map((row) => ({
			email: row.email!,
			firstName: firstNameOf(row.name),
			name: fullName(row.name),
			since: row.since,
			access: 'pass' as const,
			handOut: [{ orderId: row.orderId, unclaimed: Number(row.unclaimed) }],
			// The language the order was bought in (decision 174).
			locale: row.locale,
		})),
	]
}

/** One recipient per mailbox: the widest access, the earliest file, every order to hand out. */
function onePerMailbox(rows: Recipient[]): Recipient[] {
	const byKey = new Map<string, Recipient>()
	for (const row of rows) {
		const key = mailboxOf(row.email).key
		const seen = byKey.get(key)
		if (!seen) {
			byKey.set(key, { ...row, handOut: [...row.handOut] })
			continue
		}
		seen.firstName ??= row.firstName
		seen.name ??= row.name
		if (row.since < seen.since) seen.since = row.since
		if (row.access === 'pass') seen.access = 'pass'
		seen.handOut.push(...row.handOut)
	}
	return [...byKey.values()]
}

/** Who is signed up for `event`, one per mailbox. Erased leads are no one. */
export async function registrantsOf(db: Db, event: SiteEvent): Promise<Recipient[]> {
	if (event.kind === 'workshop') return onePerMailbox(await workshopLeads(db, event))
	if (event.kind === 'day') return onePerMailbox(await dayRegistrants(db))
	return []
}

/** What `email` is signed up for at `event` now: null when nothing (the joining page asks). */
export async function registrationOf(
	db: Db,
	event: SiteEvent,
	email: string,
): Promise<Recipient | null> {
	const key = mailboxOf(email).key
	return (await registrantsOf(db, event)).find((row) => mailboxOf(row.email).key === key) ?? null
}

/** Whether `email` is still signed up for `event`. */
export async function isRegistered(db: Db, event: SiteEvent, email: string): Promise<boolean> {
	return (await registrationOf(db, event, email)) !== null
}

/** The passes `recipient` has still to hand out, each order with its page (none: not a buyer). */
export function handOutLines(
	recipient: Pick<Recipient, 'handOut'>,
	origin: string,
): EmailHandOut[] {
	return recipient.handOut.map((order) => ({
		unclaimed: order.unclaimed,
		url: orderPageUrl(origin, order.orderId),
	}))
}
