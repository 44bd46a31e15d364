/**
 * The sign-up forms' schemas (issue 5), browser-safe: each route validates with the same schema
 * on the server and, through conform, as the visitor types. The e-mail and name rules are the
 * profile's (SPEC §5), so every form says the same thing about the same field.
 */
import { z } from 'zod'
import { PROFILE_MESSAGES, profileSchema } from './profile'

export const emailField = z
	.string({ required_error: PROFILE_MESSAGES.email })
	.trim()
	.max(254, PROFILE_MESSAGES.email)
	.email(PROFILE_MESSAGES.email)

/** Workshop and day event: an e-mail address and, optionally, a first name. */
export const signupSchema = z.object({
	email: emailField,
	firstName: profileSchema.shape.firstName,
})

/** Course interest on `/`: the e-mail address is enough. */
export const interestSchema = z.object({ email: emailField })

/** /onboarding: the profile with SPEC §5's rules and messages; empty fields are ignored. */
export const onboardingSchema = profileSchema.pick({
	firstName: true,
	lastName: true,
	email: true,
	avatar: true,
})

export const SURVEY_MESSAGES = {
	rating: 'Please choose a rating from 1 to 5',
	long: 'Please keep this under 2000 characters',
} as const

const answer = z.string().trim().max(2000, SURVEY_MESSAGES.long).optional()

/** /post-insiders-survey. */
export const surveySchema = z.object({
	email: emailField,
	rating: z.coerce
		.number({ required_error: SURVEY_MESSAGES.rating, invalid_type_error: SURVEY_MESSAGES.rating })
		.int(SURVEY_MESSAGES.rating)
		.min(1, SURVEY_MESSAGES.rating)
		.max(5, SURVEY_MESSAGES.rating),
	helped: answer,
	improve: answer,
	mayQuote: z.preprocess((value) => value === 'on' || value === 'true', z.boolean()).default(false),
})
