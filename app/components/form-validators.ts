/**
 * The forms' schemas wrapped for conform, loaded by the browser only after the page is
 * interactive (see useFormValidator): zod stays out of the first load (DESIGN.md's 100 KB
 * budget), and the schemas are the very ones the actions parse with.
 */
import { parseWithZod } from '@conform-to/zod'
import { interestSchema, onboardingSchema, signupSchema, surveySchema } from '~/models/signup-forms'

export const validators = {
	signup: (formData: FormData) => parseWithZod(formData, { schema: signupSchema }),
	interest: (formData: FormData) => parseWithZod(formData, { schema: interestSchema }),
	onboarding: (formData: FormData) => parseWithZod(formData, { schema: onboardingSchema }),
	survey: (formData: FormData) => parseWithZod(formData, { schema: surveySchema }),
}
