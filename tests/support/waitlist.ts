/**
 * A waiting-list place as a visitor takes it (docs/decisions/130): ask to join, then follow the
 * link of the confirmation e-mail sent to the address, as it stands in the outbox.
 */
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { outbox } from '~/db/schema-leads.server'
import {
	type ConfirmResult,
	confirmWaitlistEntry,
	type JoinInput,
	joinWaitlist,
} from '~/models/waitlist/entries.server'

/** The token of the confirmation link in an e-mail's text, or null when it carries none. */
function confirmTokenIn(text: string): string | null {
	const match = text.match(/\/waitlist\/confirm\/([\w.%-]+)/)
	return match ? decodeURIComponent(match[1]!) : null
}

/** The token of the latest confirmation e-mail to `email`. */
export async function latestConfirmToken(db: Db, email: string): Promise<string> {
	const [mail] = await db
		.select({ text: outbox.textBody })
		.from(outbox)
		.where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'waitlistConfirm')))
		.orderBy(desc(outbox.id))
		.limit(1)
	const token = mail && confirmTokenIn(mail.text)
	if (!token) throw new Error(`No waiting-list confirmation was sent to ${email}`)
	return token
}

/** Joins and confirms from the e-mail; what confirming answered. */
export async function joinAndConfirm(db: Db, input: JoinInput): Promise<ConfirmResult> {
	await joinWaitlist(db, input)
	return confirmWaitlistEntry(db, await latestConfirmToken(db, input.email.trim().toLowerCase()))
}
