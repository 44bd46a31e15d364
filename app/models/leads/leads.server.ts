/**
 * Sign-ups (leads): stored once per (e-mail, list) with consent time and attribution, and
 * confirmed by e-mail (docs/decisions/062). Models take the database and plain values; routes
 * hand in what they read from the request.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { SiteEvent } from '~/content/site-content'
import { eventsOf } from '~/content/site-content.server'
import type { Db } from '~/db/client.server'
import { leads, surveyResponses } from '~/db/schema-leads.server'
import type { AttributionFacts } from '~/domain/attribution'
import { courseIsOpen } from '~/domain/course-status'
import { foldEmail } from '~/domain/email-address'
import type { EmailAttachment } from '~/domain/email-attachment'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import type { LeadList } from '~/forms/names'
import { greetingName } from '~/forms/schemas'
import * as emails from '~/integrations/email/index.server'
import type { EmailContent } from '~/integrations/email/templates'
import { buyerKey } from '~/models/checkout/buyer-key.server'
import { getCourse } from '~/models/course/course.server'
import { emailEvent } from '~/models/events/calendar.server'
import { registrantCalendar } from '~/models/events/join-link.server'
import { chooseSession, takeSessionPlace } from '~/models/events/sessions.server'
import {
	answerKnownAddress,
	findWorkshopLead,
	workshopConfirmationEmail,
} from '~/models/events/workshop-signup.server'
import { createToken } from '~/models/links/signed-token.server'
import { sendConfirmationOnce } from '~/models/preferences/confirmation-limits.server'
import { isUnsubscribed, unsubscribeLinks } from '~/models/preferences/preferences.server'
import { localePath } from '~/utils/i18n'

/** Where each list's sign-up lands (SPEC §2). */
export const LIST_DESTINATIONS: Record<LeadList, string> = {
	course: '/enrolled',
	workshop: '/workshop/enrolled',
	day_event: '/ai-driven-development-day/enrolled',
	onboarding: '/onboarding?saved=1',
	insiders_survey: '/post-insiders-survey?thanks=1',
}

/** Which page a one-click link for each list opens (SPEC §2: these pages run the check). */
export const LIST_LINK_PAGES: Record<LeadList, string> = {
	course: '/',
	workshop: '/',
	day_event: '/ai-driven-development-day',
	onboarding: '/onboarding',
	insiders_survey: '/post-insiders-survey',
}

/** A day-event confirmation link stays valid for a week. */
export const CONFIRM_LINK_TTL = 7 * 24 * 60 * 60

export type LeadInput = {
	email: string
	list: LeadList
	firstName?: string | null
	lastName?: string | null
	avatarUrl?: string | null
	attribution: AttributionFacts
	/** One-click links are proof of the address: the sign-up counts as confirmed. */
	confirmed?: boolean
	/**
	 * A workshop lead's session (docs/decisions/110). Choosing another moves the lead and clears
	 * `confirmation_sent_at`, so a confirmation naming the new session goes out.
	 */
	workshopSession?: string | null
	/**
	 * An unconfirmed workshop place (docs/decisions/131): until when it counts (null: for good)
	 * and the keyed hash of the network it came from. Written on a new sign-up only.
	 */
	placeExpiresAt?: Date | null
	placeNetwork?: string | null
	/** The language of the page signed up on: the person's e-mails' (decision 173). English if none. */
	locale?: Locale
}

export type SavedLead = { id: number; created: boolean; confirmed: boolean }

/**
 * Stores the sign-up. Submitting again is fine and changes nothing but updated_at: the first
 * consent, names and attribution stay as they were.
 */
export async function saveLead(db: Db, input: LeadInput): Promise<SavedLead> {
	const now = new Date()
	const [row] = await db
		.insert(leads)
		.values({
			email: foldEmail(input.email),
			list: input.list,
			firstName: input.firstName || null,
			lastName: input.lastName || null,
			avatarUrl: input.avatarUrl || null,
			consentAt: now,
			confirmedAt: input.confirmed ? now : null,
			partnerKey: input.attribution.partnerKey,
			referralUrl: input.attribution.referralUrl,
			attribution: input.attribution.marketing,
			createdAt: now,
			updatedAt: now,
			workshopSession: input.workshopSession ?? null,
			placeExpiresAt: input.placeExpiresAt ?? null,
			placeNetwork: input.placeExpiresAt ? (input.placeNetwork ?? null) : null,
			locale: input.locale ?? DEFAULT_LOCALE,
		})
		.onConflictDoUpdate({
			target: [leads.email, leads.list],
			set: {
				updatedAt: sql`now()`,
				// Both read the row as it was: a session chosen anew is kept, and its confirmation is due.
				workshopSession: sql`coalesce(excluded.workshop_session, leads.workshop_session)`,
				confirmationSentAt: sql`CASE WHEN excluded.workshop_session IS DISTINCT FROM leads.workshop_session
					AND excluded.workshop_session IS NOT NULL THEN NULL ELSE leads.confirmation_sent_at END`,
			},
		})
		.returning({
			id: leads.id,
			createdAt: leads.createdAt,
			updatedAt: leads.updatedAt,
			confirmedAt: leads.confirmedAt,
		})
	if (input.confirmed && row && !row.confirmedAt) await confirmLead(db, input.email, input.list)
	return {
		id: row!.id,
		created: row!.createdAt.getTime() === row!.updatedAt.getTime(),
		confirmed: Boolean(input.confirmed || row!.confirmedAt),
	}
}

/** Marks the lead confirmed (once); false when there is no such lead. */
export async function confirmLead(db: Db, email: string, list: LeadList): Promise<boolean> {
	const address = foldEmail(email)
	await db
		.update(leads)
		.set({ confirmedAt: sql`now()`, updatedAt: sql`now()` })
		.where(and(eq(leads.email, address), eq(leads.list, list), isNull(leads.confirmedAt)))
	const [row] = await db
		.select({ id: leads.id })
		.from(leads)
		.where(and(eq(leads.email, address), eq(leads.list, list)))
	return row !== undefined
}

export async function findLead(db: Db, email: string, list: LeadList) {
	const [row] = await db
		.select()
		.from(leads)
		.where(and(eq(leads.email, foldEmail(email)), eq(leads.list, list)))
	return row ?? null
}

/**
 * A sign-up from a form or a one-click link: stored and confirmed by e-mail in one transaction
 * (docs/decisions/101), so a crash or a full disk leaves both or neither. The e-mail is an
 * outbox row whose delivery is a queued job (docs/decisions/075): the visitor never waits for
 * the mail server. Should the row fail to be written, the sign-up fails with it and the visitor
 * can send the form again; a lead whose confirmation was never written gets it then.
 */
export async function signUp(
	db: Db,
	/**
	 * `workshopSession`: the one asked for by id; none: the lead's own or the nearest with room.
	 * `clientIp`: the visitor's address, whose network's share of unconfirmed workshop places a
	 * form's sign-up takes from (docs/decisions/131); none: no share is counted.
	 */
	input: LeadInput & { origin: string; clientIp?: string },
): Promise<SavedLead & { workshopSession: string | null }> {
	const email = foldEmail(input.email)
	// A workshop sign-up is for one session (docs/decisions/110); WorkshopSessionError if none.
	const session =
		input.list === 'workshop'
			? await chooseSession(db, { email, requested: input.workshopSession ?? undefined })
			: undefined
	// A form's sign-up for an address signed up already changes nothing: the address is asked
	// by e-mail (docs/decisions/131). A one-click link came from the inbox: it may act.
	const unproven = session !== undefined && !input.confirmed
	if (unproven) {
		const known = await findWorkshopLead(db, email)
		if (known) {
			await answerKnownAddress(db, { lead: known, session, origin: input.origin })
			return { id: known.id, created: false, confirmed: false, workshopSession: session.id }
		}
	}
	const network =
		unproven && input.clientIp !== undefined
			? buyerKey(input.clientIp, getConfig().SESSION_SECRET)
			: null
	// Rendered before the transaction, which then holds no lock while a template renders.
	const mail = await confirmationEmail(db, { ...input, session })
	return db.transaction(async (tx) => {
		const placeExpiresAt = session
			? await takeSessionPlace(tx, email, session, unproven ? { network } : undefined)
			: null
		const lead = await saveLead(tx, {
			...input,
			workshopSession: session?.id,
			placeExpiresAt,
			placeNetwork: network,
		})
		if (mail) await sendConfirmationOnce(tx, input.list, { to: email, ...mail })
		return { ...lead, workshopSession: session?.id ?? null }
	})
}

/**
 * The confirmation of a sign-up, with the calendar file of what it is for attached
 * (docs/decisions/086, 089): the workshop session chosen (that one alone), the course release,
 * the day. The workshop and course ones carry unsubscribe, and tell an address that unsubscribed
 * before that nothing more follows (docs/decisions/109); the day's is a double opt-in link, which
 * carries none.
 */
async function confirmationEmail(
	db: Db,
	input: Omit<LeadInput, 'workshopSession'> & { origin: string; session?: SiteEvent },
): Promise<(EmailContent & { attachments: EmailAttachment[] }) | null> {
	const firstName = greetingName(input.firstName)
	const { origin } = input
	const unsubscribe = async () =>
		unsubscribeLinks(origin, input.email, await isUnsubscribed(db, input.email))
	const locale = input.locale ?? DEFAULT_LOCALE // Its calendar text's, the day's e-mail's (175).
	const withCalendar = async (content: Promise<EmailContent>, event: SiteEvent | undefined) => ({
		...(await content),
		// The registrant's own signed joining link (docs/decisions/116), never the event's.
		attachments: event ? [registrantCalendar(event, input.email, origin, undefined, locale)] : [],
	})
	switch (input.list) {
		case 'workshop':
			// The confirmation's link confirms the place, unless a one-click link did already.
			return workshopConfirmationEmail(db, {
				email: foldEmail(input.email),
				firstName: input.firstName,
				origin,
				session: input.session,
				confirmed: Boolean(input.confirmed),
				locale: input.locale,
			})
		case 'course': {
			// Once the course is open there is no opening to wait for (docs/decisions/156).
			const courseOpen = courseIsOpen((await getCourse(db)).status)
			const [release] = courseOpen ? [] : eventsOf('course')
			return withCalendar(
				emails.courseSignupConfirmationIn(locale)({
					firstName,
					siteUrl: origin,
					release: release && emailEvent(release, origin, locale),
					courseOpen,
					unsubscribe: await unsubscribe(),
				}),
				release,
			)
		}
		case 'day_event': {
			// Until the link is opened, signing up again sends a fresh one (the first may be lost),
			// at most once per CONFIRMATION_RESEND_MINUTES (claimConfirmationSend).
			const token = createToken(
				{ email: input.email, list: 'day_event', purpose: 'confirm', ttlSeconds: CONFIRM_LINK_TTL },
				getConfig().SESSION_SECRET,
			)
			const [day] = eventsOf('day')
			return withCalendar(
				emails.dayEventConfirmationIn(locale)({
					firstName,
					confirmUrl: `${origin}${localePath('/ai-driven-development-day/confirm', locale)}?token=${token}`,
					expiresAt: new Date(Date.now() + CONFIRM_LINK_TTL * 1000),
					event: day && emailEvent(day, origin, locale),
					siteUrl: origin,
				}),
				day,
			)
		}
		default:
			return null
	}
}

export type SurveyAnswers = {
	email: string
	rating: number
	helped?: string
	improve?: string
	mayQuote: boolean
}

export async function saveSurveyResponse(
	db: Db,
	answers: SurveyAnswers,
	attribution: AttributionFacts,
) {
	await db.insert(surveyResponses).values({
		email: foldEmail(answers.email),
		rating: answers.rating,
		helped: answers.helped ?? '',
		improve: answers.improve ?? '',
		mayQuote: answers.mayQuote,
	})
	await saveLead(db, { email: answers.email, list: 'insiders_survey', attribution })
}
