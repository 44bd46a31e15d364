/**
 * Issuing invoices and credit notes (docs/decisions/115). An invoice is written in the
 * transaction that marks its order paid, a credit note in the one that marks it refunded: either
 * both happen or neither. They are written WITHOUT a number: taking one would lock the seller's
 * counter row until that transaction ends, and every payment of the site would queue behind it.
 * numbering.server.ts numbers them in one statement once committed, so a rolled-back payment
 * takes no number and the sequence has no gaps. The document's content is a snapshot taken now,
 * never recomputed (its number and date are filled in when it is numbered).
 */

import { and, eq, sql } from 'drizzle-orm'
import type { Seller } from '~/content/site-content'
import { getSeller } from '~/content/site-content.server'
import { newPublicId } from '~/db/public-id.server'
import type { Tx } from '~/db/query.server'
import { catalogItems, type orders } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import { couponNote } from '~/domain/coupon-note'
import type { InvoiceData, InvoiceDue, Party } from '~/domain/invoices/types'
import { taxFor } from '~/domain/invoices/vat'
import { DEFAULT_LOCALE } from '~/domain/locale'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { dueNote } from './pdf-words'
import { creditLineOf } from './upgrade-credit-line.server'

type Order = typeof orders.$inferSelect

function sellerParty(seller: Seller): Party {
	return {
		name: seller.name,
		company: null,
		address: seller.address,
		country: seller.country,
		vatNumber: seller.vatNumber ?? null,
		email: seller.email ?? null,
	}
}

function buyerParty(order: Order): Party {
	const billing = order.billing
	return {
		name: order.customerName ?? order.email ?? 'Buyer',
		company: billing?.company ?? null,
		address: billing?.address ? billing.address.split('\n').filter(Boolean) : [],
		country: billing?.country ?? null,
		vatNumber: billing?.vatNumber ?? null,
		email: order.email,
	}
}

/** What a due invoice says under its totals: by when, and where to pay (decision 163). */
function dueNotes(due: InvoiceDue): string[] {
	return [dueNote(due, DEFAULT_LOCALE)]
}

/** What the order sells, as its invoice names it. */
export type SoldItem = { name: string; type: string }

/** The invoice of a paid order, or of one to be paid by transfer (`due`), as of now. */
async function invoiceData(
	tx: Tx,
	order: Order,
	seller: Seller,
	due: InvoiceDue | null,
	given: SoldItem | null | undefined,
): Promise<InvoiceData> {
	const [item] =
		given !== undefined
			? [given]
			: await tx
					.select({ name: catalogItems.name, type: catalogItems.type })
					.from(catalogItems)
					.where(eq(catalogItems.code, order.itemCode))
	const provider = getPaymentProvider()
	const credit = await creditLineOf(tx, order)
	// The amount charged includes any VAT added on top (the sandbox stored the split when it
	// added it; Stripe Tax reports it): the split is recomputed only for tax-inclusive prices.
	const ours = taxFor({
		sellerCountry: seller.country,
		buyerCountry: order.billing?.country ?? null,
		vatNumber: order.billing?.vatNumber ?? null,
		amountMinor: order.amountMinor,
		pricesIncludeTax: true,
	})
	// Stripe Tax reports the amount only: no tax where our rules see a reverse charge is one.
	const tax =
		order.tax?.source === 'stripe' && order.tax.taxMinor === 0 && ours.reverseCharge
			? { ...order.tax, reverseCharge: true, notes: ours.notes }
			: (order.tax ?? ours)
	const pricesIncludeTax = order.tax ? order.tax.pricesIncludeTax : true
	return {
		kind: 'invoice',
		// Filled in with the number (numbering.server.ts).
		number: '',
		issuedAt: new Date().toISOString(),
		orderId: order.id,
		currency: order.currency,
		seller: sellerParty(seller),
		buyer: buyerParty(order),
		lines: [
			{
				description: item?.name ?? order.itemCode,
				quantity: order.quantity,
				unitMinor: order.unitAmountMinor,
				amountMinor: order.unitAmountMinor * order.quantity,
			},
			// An upgrade credit is a line of its own, taken off like the discount (decision 165).
			...(credit
				? [
						{
							description: credit.label,
							quantity: 1,
							unitMinor: -credit.amountMinor,
							amountMinor: -credit.amountMinor,
						},
					]
				: []),
		],
		discountMinor: order.discountMinor,
		discountNote: couponNote({ ...order, itemType: item?.type ?? '' }),
		taxes: [
			{
				rateBasisPoints: tax.rateBasisPoints,
				netMinor: tax.netMinor,
				taxMinor: tax.taxMinor,
				totalMinor: tax.netMinor + tax.taxMinor,
			},
		],
		netMinor: tax.netMinor,
		taxMinor: tax.taxMinor,
		totalMinor: order.amountMinor,
		pricesIncludeTax,
		reverseCharge: tax.reverseCharge,
		notes: due ? [...tax.notes, ...dueNotes(due)] : tax.notes,
		creditFor: null,
		// A transfer is taken in test mode when the site's provider is (decision 163).
		testMode:
			(order.provider === provider.id || order.provider === 'transfer') && provider.testMode,
		...(due ? { due } : {}),
		// Its PDF's language (decision 174); an English snapshot stays as it always was.
		...(order.locale === DEFAULT_LOCALE ? {} : { locale: order.locale }),
	}
}

export type IssuedInvoice = typeof invoices.$inferSelect

/**
 * Issues the invoice of the paid order (locked by the caller), once, to be numbered; `due`: of
 * an order to be paid by bank transfer, before its money (docs/decisions/163). `item`: what it
 * sells, when the caller read it already (the payment reads it with its lock: one round trip
 * less inside its transaction, issue 35 item 3). Written in one statement: a second issue meets
 * the one invoice an order may have (its unique index) and returns that one.
 */
export async function issueInvoice(
	tx: Tx,
	order: Order,
	due: InvoiceDue | null = null,
	item?: SoldItem | null,
): Promise<IssuedInvoice> {
	const seller = getSeller()
	const data = await invoiceData(tx, order, seller, due, item)
	const [row] = await tx
		.insert(invoices)
		.values({
			id: newPublicId(),
			seller: seller.id,
			number: null,
			prefix: seller.invoicePrefix,
			kind: 'invoice',
			orderId: order.id,
			currency: order.currency,
			totalMinor: data.totalMinor,
			data,
		})
		.onConflictDoNothing({ target: invoices.orderId, where: sql`kind = 'invoice'` })
		.returning()
	if (row) return row
	const [existing] = await tx
		.select()
		.from(invoices)
		.where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')))
	return existing!
}
