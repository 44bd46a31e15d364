/**
 * The owner's bank-transfer setting (docs/decisions/163): on or off, the account paid into and
 * the days a buyer has. With the sandbox and no account configured, a clearly fake test account,
 * so that `npm start` on a fresh clone shows the whole flow; in Stripe mode, off until the owner
 * gives an IBAN.
 */
import { getConfig, paymentProviderName } from '~/config.server'
import { getSeller } from '~/content/site-content.server'
import { compact } from '~/domain/transfers/reference'

export type BankAccount = {
	holder: string
	iban: string
	bic: string | null
	/** Days from the order to its due date. */
	days: number
	/** Seats one buyer may have waiting for transfers at once. */
	seatsPerBuyer: number
	/** The sandbox's fake account: pages say no money should be sent. */
	testAccount: boolean
}

/** ISO 13616's own example IBAN: well-formed, and no bank's. */
const SANDBOX_IBAN = 'GB82WEST12345698765432'
const SANDBOX_BIC = 'WESTGB2L'

/** The account transfers are paid into, or null when transfers are off. */
export function bankTransferAccount(): BankAccount | null {
	const config = getConfig()
	if (config.BANK_TRANSFER === '0') return null
	const common = {
		days: config.BANK_TRANSFER_DAYS,
		seatsPerBuyer: config.BANK_TRANSFER_SEATS_PER_BUYER,
	}
	if (config.BANK_TRANSFER_IBAN)
		return {
			...common,
			holder: config.BANK_TRANSFER_ACCOUNT_HOLDER || getSeller().name,
			iban: compact(config.BANK_TRANSFER_IBAN),
			bic: config.BANK_TRANSFER_BIC ? compact(config.BANK_TRANSFER_BIC) : null,
			testAccount: false,
		}
	if (paymentProviderName(config) === 'stripe') return null
	return {
		...common,
		holder: 'Test account (sandbox): send no money',
		iban: SANDBOX_IBAN,
		bic: SANDBOX_BIC,
		testAccount: true,
	}
}
