/**
 * The owner's message form and the course's opening (docs/decisions/119): a subject on one line,
 * a Markdown body, an audience; a test's address; the count the preview showed.
 */
import { z } from 'zod'
import { EMAIL_MAX_LENGTH } from './limits'
import { MESSAGES } from './messages'
import { hasControlCharacters } from './text'

const controlFree = (value: string) => !hasControlCharacters(value)

const emailField = z
	.string({ required_error: MESSAGES.adminMessageTestTo })
	.trim()
	.max(EMAIL_MAX_LENGTH, MESSAGES.email)
	.email(MESSAGES.email)

const MESSAGE_SUBJECT_MAX = 200
const MESSAGE_BODY_MAX = 20_000

/** A message's words and audience, as every step of the compose form posts them. */
const messageFields = {
	subject: z
		.string({ required_error: MESSAGES.adminMessageSubject })
		.trim()
		.min(1, MESSAGES.adminMessageSubject)
		.max(MESSAGE_SUBJECT_MAX, MESSAGES.adminMessageSubject)
		.refine(controlFree, MESSAGES.adminMessageSubject),
	body: z
		.string({ required_error: MESSAGES.adminMessageBody })
		.trim()
		.min(1, MESSAGES.adminMessageBody)
		.max(MESSAGE_BODY_MAX, MESSAGES.adminMessageBody)
		.refine(
			(value) => !hasControlCharacters(value, { multiline: true }),
			MESSAGES.adminMessageBody,
		),
	audience: z
		.string({ required_error: MESSAGES.adminMessageAudience })
		.trim()
		.min(1, MESSAGES.adminMessageAudience)
		.max(200, MESSAGES.adminMessageAudience),
}

/**
 * The owner's message (docs/decisions/119): preview it (and see how many get it), send a test to
 * an address, or send it to the number of people the preview showed.
 */
export const adminMessageSchema = z.discriminatedUnion(
	'intent',
	[
		z.object({ intent: z.literal('preview'), ...messageFields }),
		z.object({
			intent: z.literal('test'),
			...messageFields,
			testTo: emailField,
		}),
		z.object({
			intent: z.literal('send'),
			...messageFields,
			expectedCount: z.coerce
				.number({
					required_error: MESSAGES.adminMessagePreviewFirst,
					invalid_type_error: MESSAGES.adminMessagePreviewFirst,
				})
				.int(MESSAGES.adminMessagePreviewFirst)
				.min(0, MESSAGES.adminMessagePreviewFirst)
				.max(Number.MAX_SAFE_INTEGER, MESSAGES.adminMessagePreviewFirst),
		}),
	],
	{ errorMap: () => ({ message: MESSAGES.adminMessageIntent }) },
)

/** The course's opening, from its confirmation step (docs/decisions/119). */
export const adminCourseOpenSchema = z.object({
	intent: z.literal('open-course', {
		errorMap: () => ({ message: MESSAGES.adminCourseOpenIntent }),
	}),
})
