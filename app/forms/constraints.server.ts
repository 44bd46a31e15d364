/**
 * The native input rules (required, lengths, patterns) of forms that show them, computed from
 * their schemas on the server and handed to `useForm` as loader data (docs/decisions/065):
 * pages without JavaScript get them, and zod stays out of the browser bundles.
 */
import { getZodConstraint } from '@conform-to/zod'
import { passClaimSchema, sandboxCardSchema, upgradeCreditSchema } from './schemas'

export const formConstraints = {
	passClaim: () => getZodConstraint(passClaimSchema),
	upgradeCredit: () => getZodConstraint(upgradeCreditSchema),
	// The card form's rules: the cancel button posts without them.
	sandboxCard: () => getZodConstraint(sandboxCardSchema),
}
