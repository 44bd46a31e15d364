/**
 * The validator registry (docs/decisions/065): every form by name, with its schema. The server
 * parses through it (parse.server.ts); the browser reaches it only through the dynamic import
 * in `useValidatedForm`, so zod and the schemas are a chunk loaded after hydration, never part
 * of a page's first load (docs/decisions/004). Form names are this object's keys: a name that
 * is not here does not type-check.
 */
import { parseWithZod } from '@conform-to/zod'
import type { z } from 'zod'
import { adminCertificateIssueSchema, adminCertificateWithdrawSchema } from './admin-certificate'
import { adminCouponSchema, adminCouponStatusSchema } from './admin-coupon'
import { adminFollowUpSchema } from './admin-follow-up'
import { adminCourseOpenSchema, adminMessageSchema } from './admin-message'
import {
	adminStatementAssignSchema,
	adminStatementDismissSchema,
	adminStatementImportSchema,
} from './bank-statement'
import { checkoutFormSchema } from './checkout-request'
import { giftChangeSchema } from './gift'
import {
	adminEmailRetrySchema,
	adminLeadEraseSchema,
	adminOrderActionSchema,
	emailPreferencesSchema,
	interestSchema,
	onboardingSchema,
	passClaimSchema,
	sandboxCheckoutSchema,
	signupSchema,
	surveySchema,
	upgradeCreditSchema,
	workshopSignupSchema,
} from './schemas'
import { adminTransferReceivedSchema, transferCheckoutSchema } from './transfer'
import { adminWaitlistActionSchema, waitlistJoinSchema } from './waitlist'

/** What a form's schema may depend on: the buy form's limit is the server's MAX_QUANTITY. */
export type FormOptions = { maxQuantity?: number }

export const formSchemas = {
	interest: () => interestSchema,
	signup: () => signupSchema,
	workshopSignup: () => workshopSignupSchema,
	onboarding: () => onboardingSchema,
	survey: () => surveySchema,
	checkout: ({ maxQuantity }: FormOptions) => checkoutFormSchema(maxQuantity),
	passClaim: () => passClaimSchema,
	giftChange: () => giftChangeSchema,
	upgradeCredit: () => upgradeCreditSchema,
	sandboxCheckout: () => sandboxCheckoutSchema,
	transferCheckout: () => transferCheckoutSchema,
	adminTransferReceived: () => adminTransferReceivedSchema,
	adminStatementImport: () => adminStatementImportSchema,
	adminStatementAssign: () => adminStatementAssignSchema,
	adminStatementDismiss: () => adminStatementDismissSchema,
	adminOrderAction: () => adminOrderActionSchema,
	adminEmailRetry: () => adminEmailRetrySchema,
	adminCoupon: () => adminCouponSchema,
	adminCouponStatus: () => adminCouponStatusSchema,
	adminLeadErase: () => adminLeadEraseSchema,
	adminMessage: () => adminMessageSchema,
	adminCourseOpen: () => adminCourseOpenSchema,
	emailPreferences: () => emailPreferencesSchema,
	waitlistJoin: ({ maxQuantity }: FormOptions) => waitlistJoinSchema(maxQuantity),
	adminWaitlistAction: () => adminWaitlistActionSchema,
	adminFollowUp: () => adminFollowUpSchema,
	adminCertificateIssue: () => adminCertificateIssueSchema,
	adminCertificateWithdraw: () => adminCertificateWithdrawSchema,
} satisfies Record<string, (options: FormOptions) => z.ZodTypeAny>

export type FormName = keyof typeof formSchemas
export type FormSchema<N extends FormName> = ReturnType<(typeof formSchemas)[N]>
/** A form's fields as the browser sends them: the type conform's `useForm` is given. */
export type FormFields<N extends FormName> = z.input<FormSchema<N>>
/** A form's value once parsed: what the route hands to its model. */
export type FormValue<N extends FormName> = z.output<FormSchema<N>>

/** Parses a submitted form with its schema, the same way on the server and in the browser. */
export function parseForm<N extends FormName>(
	name: N,
	formData: FormData,
	options: FormOptions = {},
) {
	const schema = formSchemas[name](options) as FormSchema<N>
	return parseWithZod(formData, { schema })
}
