/**
 * A workshop session's follow-up (docs/decisions/157): the owner fills in the link to the
 * recording and the code, for one session of the site's events.
 */
import { z } from 'zod'
import { FOLLOW_UP_LINK_MAX_LENGTH, WORKSHOP_SESSION_ID_MAX_LENGTH } from './limits'
import { MESSAGES } from './messages'
import { isWebUrl } from './schemas'

export const adminFollowUpSchema = z.object({
	eventId: z
		.string({ required_error: MESSAGES.followUpSession })
		.trim()
		.min(1, MESSAGES.followUpSession)
		.max(WORKSHOP_SESSION_ID_MAX_LENGTH, MESSAGES.followUpSession),
	link: z
		.string({ required_error: MESSAGES.followUpLink })
		.trim()
		.max(FOLLOW_UP_LINK_MAX_LENGTH, MESSAGES.followUpLink)
		.refine(isWebUrl, MESSAGES.followUpLink),
})
