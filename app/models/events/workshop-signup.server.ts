/**
 * A workshop place belongs to whoever reads the address's e-mail (docs/decisions/131). Anyone
 * can type any address into the form, so a place from the form counts only for a while and
 * within its network's share until the confirmation's link is followed; and a sign-up for an
 * address already signed up changes nothing: that address is asked, by e-mail, whether to move,
 * and only the link in that e-mail (a page, then a button) moves the place.
 */

import { and, eq, isNull, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { SiteEvent } from '~/content/site-content'
import { workshopTitle } from '~/content/site-content.server'
import type { Db } from '~/db/client.server'
import { leads } from '~/db/schema-leads.server'
import { formatMoment } from '~/domain/dates'
import type { EmailAttachment } from '~/domain/email-attachment'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { greetingName } from '~/forms/schemas'
import { templates, workshopMoveOfferIn } from '~/integrations/email/index.server'
import type { EmailContent } from '~/integrations/email/templates'
import { log } from '~/log.server'
import { createLinkToken, createToken, verifyLinkToken } from '~/models/links/signed-token.server'
import {
	sendConfirmationOnce,
	sendWithinLimits,
} from '~/models/preferences/confirmation-limits.server'
import { isUnsubscribed, unsubscribeLinks } from '~/models/preferences/preferences.server'
import { localePath } from '~/utils/i18n'
import { emailEvent } from './calendar.server'
import { registrantCalendar } from './join-link.server'
import {
	findSession,
	takeSessionPlace,
	UNCONFIRMED_PLACE_HOURS,
	unconfirmedPlaceEnd,
	WorkshopSessionError,
} from './sessions.server'

/** A workshop confirmation link stays valid for a week, like the day event's (decision 062). */
const CONFIRM_LINK_TTL = 7 * 24 * 60 * 60

export type WorkshopLead = typeof leads.$inferSelect

/** The address's workshop sign-up (not erased), or null. `email` is normalised. */
export async function findWorkshopLead(db: Db, email: string): Promise<WorkshopLead | null> {
	const [row] = await db
		.select()
		.from(leads)
		.where(and(eq(leads.email, email), eq(leads.list, 'workshop'), isNull(leads.erasedAt)))
	return row ?? null
}

/**
 * The workshop confirmation for `email` (normalised): the session and its calendar file with the
 * registrant's own joining link (decision 116). Unless the address is confirmed already, it
 * carries the link that confirms the place and says until when the place is held without it.
 */
export async function workshopConfirmationEmail(
	db: Db,
	input: {
		email: string
		firstName?: string | null
		origin: string
		session?: SiteEvent
		confirmed: boolean
		now?: Date
		/** The language signed up in (decision 173): the e-mail's, its dates' and its links'. */
		locale?: Locale
	},
): Promise<EmailContent & { attachments: EmailAttachment[] }> {
	const { email, origin, session } = input
	const locale = input.locale ?? DEFAULT_LOCALE
	const now = input.now ?? new Date()
	const token = createToken(
		{ email, list: 'workshop', purpose: 'confirm', ttlSeconds: CONFIRM_LINK_TTL },
		getConfig().SESSION_SECRET,
		now.getTime(),
	)
	const heldUntil = session
		? unconfirmedPlaceEnd(session, now)
		: new Date(now.getTime() + UNCONFIRMED_PLACE_HOURS * 3_600_000)
	const content = await templates.workshopConfirmation({
		locale,
		firstName: greetingName(input.firstName),
		siteUrl: origin,
		workshop: workshopTitle(),
		session: session && emailEvent(session, origin, locale),
		confirm: input.confirmed
			? undefined
			: {
					url: `${origin}${localePath('/workshop/confirm', locale)}?token=${token}`,
					heldUntil: formatMoment(heldUntil, 'UTC', locale),
				},
		unsubscribe: unsubscribeLinks(origin, email, await isUnsubscribed(db, email)),
	})
	return {
		...content,
		attachments: session ? [registrantCalendar(session, email, origin, undefined, locale)] : [],
	}
}

/**
 * A form's sign-up for an address that is signed up already: nothing about the sign-up changes
 * (session, name, place, joining link). The same session again sends the confirmation again: a
 * fresh link to an address that has not confirmed (at most every few minutes), the confirmation
 * with the joining link to one that has; another
 * session sends the address a move offer. Both within the confirmation limits, so the form is no
 * way to flood an inbox; the visitor is answered the same either way.
 */
export async function answerKnownAddress(
	db: Db,
	input: { lead: WorkshopLead; session: SiteEvent; origin: string; now?: Date },
): Promise<void> {
	const { lead, session, origin } = input
	const now = input.now ?? new Date()
	if (lead.workshopSession === session.id) {
		const confirmed = lead.placeExpiresAt === null
		const mail = await workshopConfirmationEmail(db, {
			email: lead.email,
			firstName: lead.firstName,
			origin,
			session,
			confirmed,
			now,
			locale: lead.locale,
		})
		// A confirmed person gets their confirmation (and joining link) again: the page told them
		// to look in their inbox, and someone who lost it asks this way.
		if (confirmed) await sendWithinLimits(db, { to: lead.email, ...mail })
		else await sendConfirmationOnce(db, 'workshop', { to: lead.email, ...mail })
		return
	}
	const expiresAt = unconfirmedPlaceEnd(session, now)
	const subject = `${lead.id}_${session.id}`
	let token: string
	try {
		token = createLinkToken(
			{ purpose: 'workshop-move', subject, expiresAt },
			getConfig().SESSION_SECRET,
		)
	} catch {
		// A session id too long or odd for a link (content's ids are short slugs): no offer.
		log.warn(`Workshop move offer not sent: session id ${session.id} does not fit a link`)
		return
	}
	const current = findSession(lead.workshopSession)
	// In the language signed up in (decision 177), its page and dates too.
	const mail = await workshopMoveOfferIn(lead.locale)({
		firstName: greetingName(lead.firstName),
		siteUrl: origin,
		workshop: workshopTitle(),
		current: current && emailEvent(current, origin, lead.locale),
		next: emailEvent(session, origin, lead.locale),
		moveUrl: `${origin}${localePath('/workshop/move', lead.locale)}?token=${token}`,
		expiresAt: formatMoment(expiresAt, 'UTC', lead.locale),
		unsubscribe: unsubscribeLinks(origin, lead.email, await isUnsubscribed(db, lead.email)),
	})
	await sendWithinLimits(db, { to: lead.email, ...mail })
}

export type ConfirmOutcome =
	| { status: 'confirmed'; session: string | null }
	| { status: 'full'; session: string }
	| { status: 'unknown' }

/**
 * The confirmation's link was followed: the place counts for good. A place that no longer
 * counted (held past its time, or beyond its network's share) is taken now if one is left.
 * Following it again changes nothing.
 */
export async function confirmWorkshopSignup(db: Db, email: string): Promise<ConfirmOutcome> {
	const lead = await findWorkshopLead(db, email)
	if (!lead) return { status: 'unknown' }
	const session = findSession(lead.workshopSession)
	if (lead.confirmedAt !== null && lead.placeExpiresAt === null)
		return { status: 'confirmed', session: lead.workshopSession }
	try {
		await db.transaction(async (tx) => {
			if (session && lead.placeExpiresAt !== null && Date.parse(session.start) > Date.now())
				await takeSessionPlace(tx, lead.email, session)
			await tx
				.update(leads)
				.set({
					confirmedAt: sql`coalesce(${leads.confirmedAt}, now())`,
					placeExpiresAt: null,
					placeNetwork: null,
					updatedAt: sql`now()`,
				})
				.where(eq(leads.id, lead.id))
		})
	} catch (error) {
		if (error instanceof WorkshopSessionError && session)
			return { status: 'full', session: session.id }
		throw error
	}
	return { status: 'confirmed', session: lead.workshopSession }
}

export type MoveLink =
	| { ok: true; leadId: number; session: string }
	| { ok: false; reason: 'invalid' | 'expired' }

/** The sign-up and the session a move link names, if we signed it and it has not expired. */
export function readMoveLink(token: string | null | undefined): MoveLink {
	const link = verifyLinkToken(token, 'workshop-move', getConfig().SESSION_SECRET)
	if (!link.ok) return { ok: false, reason: link.reason }
	const match = /^(\d{1,15})_(.+)$/.exec(link.subject)
	if (!match) return { ok: false, reason: 'invalid' }
	return { ok: true, leadId: Number(match[1]), session: match[2]! }
}

export type MovePlan =
	| { status: 'ready' | 'already'; from: SiteEvent | undefined; to: SiteEvent }
	| { status: 'gone' | 'unknown' | 'begun' }

/** What a move link would do now, for its page (no change is made). */
export async function planWorkshopMove(
	db: Db,
	link: { leadId: number; session: string },
	now = new Date(),
): Promise<MovePlan> {
	const to = findSession(link.session)
	if (!to || to.status === 'cancelled') return { status: 'unknown' }
	if (Date.parse(to.start) <= now.getTime()) return { status: 'begun' }
	const [lead] = await db
		.select()
		.from(leads)
		.where(and(eq(leads.id, link.leadId), eq(leads.list, 'workshop'), isNull(leads.erasedAt)))
	if (!lead) return { status: 'gone' }
	const counts = lead.placeExpiresAt === null || lead.placeExpiresAt > now
	const already = lead.workshopSession === to.id && counts
	return { status: already ? 'already' : 'ready', from: findSession(lead.workshopSession), to }
}

export type MoveOutcome = MovePlan['status'] | 'moved' | 'full'

/**
 * Moves the sign-up a move link names to its session, the button on the link's page pressed:
 * the place there is taken under the session's lock (confirmed: the link came from the inbox),
 * the first session's place is freed, and a confirmation naming the new session, with its
 * calendar file, goes out with the change.
 */
export async function moveWorkshopSignup(
	db: Db,
	link: { leadId: number; session: string },
	origin: string,
): Promise<MoveOutcome> {
	const plan = await planWorkshopMove(db, link)
	if (plan.status !== 'ready') return plan.status
	const [lead] = await db.select().from(leads).where(eq(leads.id, link.leadId))
	if (!lead) return 'gone'
	const mail = await workshopConfirmationEmail(db, {
		email: lead.email,
		firstName: lead.firstName,
		origin,
		session: plan.to,
		confirmed: true,
	})
	try {
		await db.transaction(async (tx) => {
			await takeSessionPlace(tx, lead.email, plan.to)
			await tx
				.update(leads)
				.set({
					workshopSession: plan.to.id,
					confirmedAt: sql`coalesce(${leads.confirmedAt}, now())`,
					placeExpiresAt: null,
					placeNetwork: null,
					confirmationSentAt: null,
					updatedAt: sql`now()`,
				})
				.where(eq(leads.id, lead.id))
			await sendConfirmationOnce(tx, 'workshop', { to: lead.email, ...mail })
		})
	} catch (error) {
		if (error instanceof WorkshopSessionError) return 'full'
		throw error
	}
	return 'moved'
}
