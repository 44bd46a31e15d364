/**
 * The owner's certificate forms (docs/decisions/172): issue one to someone signed up for an
 * event who attended without the link, with the name it prints; withdraw one by its id.
 */
import { z } from 'zod'
import { WORKSHOP_SESSION_ID_MAX_LENGTH } from './limits'
import { MESSAGES } from './messages'
import { emailField, passClaimSchema } from './schemas'

export const adminCertificateIssueSchema = z.object({
	intent: z.literal('issue'),
	eventId: z
		.string({ required_error: MESSAGES.certificateEvent })
		.trim()
		.min(1, MESSAGES.certificateEvent)
		.max(WORKSHOP_SESSION_ID_MAX_LENGTH, MESSAGES.certificateEvent),
	email: emailField,
	// A name prints as a pass holder's does: the same rules.
	name: passClaimSchema.shape.name,
})

export const adminCertificateWithdrawSchema = z.object({
	intent: z.literal('withdraw'),
	id: z
		.string({ required_error: MESSAGES.certificateUnknown })
		.regex(/^[A-Za-z0-9_-]{1,64}$/, MESSAGES.certificateUnknown),
})
