/**
 * The configured tax rules applied to a sale (docs/decisions/115): PRICES_INCLUDE_TAX and the
 * seller's country from content, with the rate table of vat.ts.
 */
import { getConfig } from '~/config.server'
import { getSeller } from '~/content/site-content.server'
import type { Billing, ChargedTax } from '~/domain/invoices/types'
import { taxFor } from '~/domain/invoices/vat'

/** Whether the catalog's prices include VAT (PRICES_INCLUDE_TAX, default yes). */
export const pricesIncludeTax = () => getConfig().PRICES_INCLUDE_TAX === '1'

/** The VAT on `amountMinor` for this buyer, as the site's own rate table has it. */
function taxForBuyer(amountMinor: number, billing: Billing | null) {
	return taxFor({
		sellerCountry: getSeller().country,
		buyerCountry: billing?.country ?? null,
		vatNumber: billing?.vatNumber ?? null,
		amountMinor,
		pricesIncludeTax: pricesIncludeTax(),
	})
}

/**
 * The VAT the site's checkout page adds on top of the price, when prices do not include it;
 * null when they do (the invoice then takes it out of the price).
 */
export function addedTax(amountMinor: number, billing: Billing | null): ChargedTax | null {
	if (pricesIncludeTax()) return null
	const tax = taxForBuyer(amountMinor, billing)
	return {
		rateBasisPoints: tax.rateBasisPoints,
		netMinor: tax.netMinor,
		taxMinor: tax.taxMinor,
		reverseCharge: tax.reverseCharge,
		notes: tax.notes,
		pricesIncludeTax: false,
		source: 'table',
	}
}
