/**
 * Issuing invoices and credit notes (docs/decisions/115). An invoice is issued in the transaction
 * that marks its order paid, a credit note in the one that marks it refunded: either both happen
 * or neither. The number comes from the seller's counter row, incremented (and so locked until
 * the transaction ends) here: a payment that rolls back gives its number back, and the next one
 * takes it, so the sequence has no gaps, whichever app server takes the payment. A PostgreSQL
 * sequence would not do: it skips the numbers of rolled-back transactions. The document's
 * content is a snapshot taken now, never recomputed.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Seller } from '~/content/site-content'
import { getSeller } from '~/content/site-content.server'
import { catalogItems, type orders } from '~/db/schema.server'
import { invoiceCounters, invoices } from '~/db/schema-invoices.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { newPublicId } from '../checkout/public-id.server'
import type { Tx } from '../checkout/query.server'
import type { InvoiceData, Party } from './types'
import { taxFor } from './vat'

type Order = typeof orders.$inferSelect

/** The number as printed: the seller's prefix and six digits at least (INV-000042). */
function formatInvoiceNumber(prefix: string, number: number): string {
	return `${prefix}${String(number).padStart(6, '0')}`
}

/** The seller's next number, its counter row locked until the transaction ends. */
async function nextNumber(tx: Tx, seller: string): Promise<number> {
	const [row] = await tx
		.insert(invoiceCounters)
		.values({ seller, lastNumber: 1 })
		.onConflictDoUpdate({
			target: invoiceCounters.seller,
			set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
		})
		.returning({ number: invoiceCounters.lastNumber })
	return row!.number
}

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

/** The invoice of a paid order, as of now. */
async function invoiceData(
	tx: Tx,
	order: Order,
	seller: Seller,
	number: string,
): Promise<InvoiceData> {
	const [item] = await tx
		.select({ name: catalogItems.name })
		.from(catalogItems)
		.where(eq(catalogItems.code, order.itemCode))
	const provider = getPaymentProvider()
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
		number,
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
		],
		discountMinor: order.discountMinor,
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
		notes: tax.notes,
		creditFor: null,
		testMode: order.provider === provider.id && provider.testMode,
	}
}

export type IssuedInvoice = typeof invoices.$inferSelect

/** Issues the invoice of the paid order (locked by the caller), once. */
export async function issueInvoice(tx: Tx, order: Order): Promise<IssuedInvoice> {
	const [existing] = await tx
		.select()
		.from(invoices)
		.where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')))
	if (existing) return existing
	const seller = getSeller()
	// Everything but the number first: the counter row stays locked from here to the commit.
	const draft = await invoiceData(tx, order, seller, '')
	const number = await nextNumber(tx, seller.id)
	const data = { ...draft, number: formatInvoiceNumber(seller.invoicePrefix, number) }
	const [row] = await tx
		.insert(invoices)
		.values({
			id: newPublicId(),
			seller: seller.id,
			number,
			kind: 'invoice',
			orderId: order.id,
			currency: order.currency,
			totalMinor: data.totalMinor,
			data,
		})
		.returning()
	return row!
}

const negate = (minor: number) => (minor === 0 ? 0 : -minor)

/**
 * Issues the credit note of a refunded order's invoice, once: the invoice's lines and taxes with
 * the opposite sign, numbered in the same sequence. None when the order never had an invoice.
 */
export async function issueCreditNote(tx: Tx, orderId: string): Promise<IssuedInvoice | null> {
	const [invoice] = await tx
		.select()
		.from(invoices)
		.where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
	if (!invoice) return null
	const [existing] = await tx
		.select()
		.from(invoices)
		.where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')))
	if (existing) return existing
	const seller = getSeller()
	// The credit note is the seller's who issued the invoice, in that sequence.
	const sequence = invoice.seller
	const number = await nextNumber(tx, sequence)
	const original = invoice.data
	const prefix = sequence === seller.id ? seller.invoicePrefix : original.number.replace(/\d+$/, '')
	const data: InvoiceData = {
		...original,
		kind: 'credit_note',
		number: formatInvoiceNumber(prefix, number),
		issuedAt: new Date().toISOString(),
		lines: original.lines.map((line) => ({ ...line, amountMinor: negate(line.amountMinor) })),
		discountMinor: negate(original.discountMinor),
		taxes: original.taxes.map((row) => ({
			...row,
			netMinor: negate(row.netMinor),
			taxMinor: negate(row.taxMinor),
			totalMinor: negate(row.totalMinor),
		})),
		netMinor: negate(original.netMinor),
		taxMinor: negate(original.taxMinor),
		totalMinor: negate(original.totalMinor),
		creditFor: original.number,
	}
	const [row] = await tx
		.insert(invoices)
		.values({
			id: newPublicId(),
			seller: sequence,
			number,
			kind: 'credit_note',
			orderId,
			currency: invoice.currency,
			totalMinor: data.totalMinor,
			data,
		})
		.returning()
	return row!
}
