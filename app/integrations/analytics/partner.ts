/**
 * The partner programme (Partnero) in the browser, SPEC §7: /scripts/partn.js loads the
 * vendor's script only when PARTNERO_PROGRAM_ID is set, and a sign-up by a referred visitor is
 * reported with key = e-mail, the e-mail, the partner key and the referral URL. The vendor's
 * `po` function may not be there yet: up to 5 attempts, 500 ms apart (SPEC §9).
 */

import { UNSET_WARNINGS } from './warnings'

const PARTNER_ATTEMPTS = 5
const PARTNER_RETRY_MS = 500

export const PARTNER_WARNINGS = {
	unset: UNSET_WARNINGS.partner,
	failed: `Partner script failed after ${PARTNER_ATTEMPTS} attempts: the referral sign-up was not reported`,
} as const

type Po = (...args: unknown[]) => unknown

export type PartnerSignup = { email: string; partnerKey: string | null; referralUrl: string | null }

/**
 * Sends the sign-up to the partner programme. Resolves true when sent; false when there is no
 * friend, no programme id (with a warning) or the script never came (with a warning).
 */
export async function reportPartnerSignup(
	programId: string | null,
	signup: PartnerSignup,
	{
		getPo = () => (globalThis as { po?: Po }).po,
		wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
	}: { getPo?: () => Po | undefined; wait?: (ms: number) => Promise<void> } = {},
): Promise<boolean> {
	if (!signup.partnerKey) return false
	if (!programId) {
		console.warn(PARTNER_WARNINGS.unset)
		return false
	}
	for (let attempt = 1; attempt <= PARTNER_ATTEMPTS; attempt++) {
		const po = getPo()
		if (typeof po === 'function') {
			try {
				po('customers', 'signup', {
					data: {
						key: signup.email,
						email: signup.email,
						partner_key: signup.partnerKey,
						referral_url: signup.referralUrl,
					},
				})
				return true
			} catch {
				// The vendor's script threw: try again like a missing one.
			}
		}
		if (attempt < PARTNER_ATTEMPTS) await wait(PARTNER_RETRY_MS)
	}
	console.warn(PARTNER_WARNINGS.failed)
	return false
}
