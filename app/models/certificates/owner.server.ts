/**
 * The owner's side of attendance and certificates (docs/decisions/172): who attended each event
 * and their certificate; issuing one to someone signed up who attended without the link (they
 * joined by phone), which records their attendance too; withdrawing one, which its verification
 * page then refuses. Each step has its audit line in the same transaction.
 */
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { certificates } from '~/db/schema-certificates.server'
import { formatEventWhen } from '~/domain/dates'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { registrationOf } from '~/models/events/registrants.server'
import { mailboxOf } from '~/models/preferences/mailbox.server'
import { attendeesOf, duringAttendance, recordAttendanceByOwner } from './attendance.server'
import { certificateEvent, certificateEvents, ended, issueCertificate } from './issue.server'

/** Each event with certificates, latest first, with its attendees. */
export async function attendanceByEvent(db: Db, now = new Date()) {
	const issued = await db.select().from(certificates)
	return Promise.all(
		certificateEvents().map(async (event) => ({
			eventId: event.id,
			title: event.title,
			when: formatEventWhen(event),
			state: ended(event, now)
				? ('ended' as const)
				: duringAttendance(event, now)
					? ('under way' as const)
					: ('ahead' as const),
			attendees: (await attendeesOf(db, event.id)).map((row) => {
				const certificate = issued.find(
					(one) => one.eventId === event.id && one.mailboxKey === row.mailboxKey,
				)
				return {
					email: row.email,
					source: row.source,
					recordedAt: row.recordedAt,
					certificate: certificate
						? { id: certificate.id, name: certificate.name, withdrawn: !!certificate.withdrawnAt }
						: null,
				}
			}),
		})),
	)
}

export type IssueOutcome =
	| { ok: true; id: string }
	| { ok: false; reason: 'unknown' | 'not-registered' | 'issued' }

/**
 * The owner issues `name`'s certificate of `eventId` to `email`, signed up for it: their
 * attendance is recorded as the owner's word, and the certificate and its e-mail written (a
 * withdrawn one is issued again, with its id). Refused when they hold a valid one already.
 */
export async function issueCertificateByOwner(
	db: Db,
	input: { eventId: string; email: string; name: string; actor: string; origin: string },
): Promise<IssueOutcome> {
	const event = certificateEvent(input.eventId)
	if (!event) return { ok: false, reason: 'unknown' }
	const registration = await registrationOf(db, event, input.email)
	if (!registration) return { ok: false, reason: 'not-registered' }
	return db.transaction(async (tx) => {
		await recordAttendanceByOwner(tx, {
			eventId: event.id,
			email: registration.email,
			actor: input.actor,
		})
		const id = await issueCertificate(tx, {
			event,
			email: registration.email,
			name: input.name,
			locale: registration.locale,
			issuedBy: input.actor,
			origin: input.origin,
		})
		if (!id) return { ok: false, reason: 'issued' } as const
		await recordOwnerAction(tx, {
			actor: input.actor,
			action: 'certificate-issue',
			target: `certificate:${id}`,
			after: { eventId: event.id, name: input.name, mailbox: mailboxOf(registration.email).key },
		})
		return { ok: true, id } as const
	})
}

/** The owner withdraws certificate `id`: false when there is no such valid one. */
export async function withdrawCertificate(
	db: Db,
	{ id, actor }: { id: string; actor: string },
): Promise<boolean> {
	return db.transaction(async (tx) => {
		const [row] = await tx
			.update(certificates)
			.set({ withdrawnAt: new Date(), withdrawnBy: actor })
			.where(and(eq(certificates.id, id), isNull(certificates.withdrawnAt)))
			.returning({ eventId: certificates.eventId, name: certificates.name })
		if (!row) return false
		await recordOwnerAction(tx, {
			actor,
			action: 'certificate-withdraw',
			target: `certificate:${id}`,
			before: { eventId: row.eventId, name: row.name },
			after: { withdrawn: true },
		})
		return true
	})
}
