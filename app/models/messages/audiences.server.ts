/**
 * Who a bulk send goes to (docs/decisions/119): the audiences the owner picks on the dashboard.
 * Erased leads are never anyone's audience; a day-event registration counts once confirmed (its double opt-in, 109).
 * Unsubscribed addresses are listed like any other: the send passes over them (list mail only).
 */
import { and, eq, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm'
import { eventsOf } from '~/content/site-content.server'
import type { Db } from '~/db/client.server'
import { catalogItems, orders, passes, waitlistEntries } from '~/db/schema.server'
import { leads } from '~/db/schema-leads.server'
import { formatEventWhen } from '~/domain/dates'
import type { LeadList } from '~/forms/names'
import type { Recipient } from './bulk-send.server'

/** The fixed audiences; a workshop session's is `workshop-session:<event id>`. */
const FIXED_AUDIENCES = {
	everyone: 'Everyone: every sign-up, buyer and pass or seat holder',
	workshop: 'Workshop sign-ups (every session)',
	day: 'Day event: confirmed registrants, pass buyers and pass holders',
	course: 'Course buyers and seat holders',
	'course-interest': 'Course interest list (asked to hear when the course opens)',
	waitlist: 'The waiting list: everyone still waiting for a seat or pass',
} as const

const SESSION_PREFIX = 'workshop-session:'

export type AudienceChoice = { value: string; label: string }

/** Every audience the owner may pick: the fixed ones and one per workshop session. */
export function audienceChoices(): AudienceChoice[] {
	const sessions = eventsOf('workshop').map((session) => ({
		value: `${SESSION_PREFIX}${session.id}`,
		label: `Workshop session ${formatEventWhen(session)}`,
	}))
	const fixed = Object.entries(FIXED_AUDIENCES).map(([value, label]) => ({ value, label }))
	return [fixed[0]!, fixed[1]!, ...sessions, ...fixed.slice(2)]
}

/** The audience's label, or null for a value that is not one. */
export function audienceLabel(value: string): string | null {
	return audienceChoices().find((choice) => choice.value === value)?.label ?? null
}

async function leadsOf(db: Db, list: LeadList, where?: SQL): Promise<Recipient[]> {
	return db
		.select({ email: leads.email, name: leads.firstName })
		.from(leads)
		.where(and(eq(leads.list, list), isNull(leads.erasedAt), where))
}

/** Buyers of paid orders of catalog items of `type` ('course' or 'pass'), and the holders of their seats or passes. */
async function buyersAndHolders(db: Db, type: 'course' | 'pass'): Promise<Recipient[]> {
	const buyers = await db
		.select({ email: orders.email, name: orders.customerName })
		.from(orders)
		.innerJoin(catalogItems, eq(catalogItems.code, orders.itemCode))
		.where(and(eq(catalogItems.type, type), eq(orders.status, 'paid'), isNotNull(orders.email)))
	const holders = await db
		.select({ email: passes.holderEmail, name: passes.holderName })
		.from(passes)
		.innerJoin(orders, eq(orders.id, passes.orderId))
		.innerJoin(catalogItems, eq(catalogItems.code, passes.itemCode))
		.where(
			and(eq(catalogItems.type, type), eq(orders.status, 'paid'), isNotNull(passes.holderEmail)),
		)
	return [...buyers, ...holders].flatMap((row) =>
		row.email ? [{ email: row.email, name: row.name }] : [],
	)
}

/**
 * Everyone who bought the course or holds one of its seats: the owner's "course" audience. Its
 * access e-mail goes to each seat's person instead (models/course/seat-access.server.ts, 156).
 */
function courseBuyersAndSeatHolders(db: Db): Promise<Recipient[]> {
	return buyersAndHolders(db, 'course')
}

/** The recipients of `audience` (an address may appear more than once: sends list it once). */
export async function recipientsOf(db: Db, audience: string): Promise<Recipient[]> {
	if (audience.startsWith(SESSION_PREFIX)) {
		const session = audience.slice(SESSION_PREFIX.length)
		return audienceLabel(audience)
			? leadsOf(db, 'workshop', eq(leads.workshopSession, session))
			: []
	}
	switch (audience) {
		case 'workshop':
			return leadsOf(db, 'workshop')
		case 'course-interest':
			return leadsOf(db, 'course')
		case 'waitlist':
			// Those still waiting with a confirmed address (decision 130): an unconfirmed entry is no
			// one's yet, and an offered one has its offer's e-mails.
			return db
				.select({ email: waitlistEntries.email })
				.from(waitlistEntries)
				.where(eq(waitlistEntries.status, 'waiting'))
		case 'course':
			return courseBuyersAndSeatHolders(db)
		case 'day':
			return [
				...(await leadsOf(db, 'day_event', isNotNull(leads.confirmedAt))),
				...(await buyersAndHolders(db, 'pass')),
			]
		case 'everyone':
			return [
				...(await db
					.select({ email: leads.email, name: leads.firstName })
					.from(leads)
					// A day-event sign-up that never confirmed its address is no one's yet.
					.where(
						and(
							isNull(leads.erasedAt),
							or(ne(leads.list, 'day_event'), isNotNull(leads.confirmedAt)),
						),
					)),
				...(await buyersAndHolders(db, 'course')),
				...(await buyersAndHolders(db, 'pass')),
			]
		default:
			return []
	}
}
