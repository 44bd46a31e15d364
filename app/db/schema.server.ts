/**
 * The one Drizzle schema, for PGlite and PostgreSQL alike. It mirrors the SQL files in
 * ./migrations, which are the source of truth for the database: change both together
 * (tests/integration/schema-matches-migrations.test.ts fails when they disagree).
 */
import { sql } from 'drizzle-orm'
import {
	bigserial,
	boolean,
	char,
	integer,
	jsonb,
	pgTable,
	primaryKey,
	text,
	timestamp,
} from 'drizzle-orm/pg-core'

import type { CourseStatus } from '~/domain/course-status'
import type { Billing, ChargedTax } from '~/domain/invoices/types'
import type { Locale } from '~/domain/locale'

export type FaqEntry = { question: string; answer: string }

export const courses = pgTable('courses', {
	slug: text('slug').primaryKey(),
	name: text('name').notNull(),
	// 0045: 'pre_order' until the course opens, then 'open' (docs/decisions/156).
	status: text('status').$type<CourseStatus>().notNull().default('pre_order'),
	faq: jsonb('faq').$type<FaqEntry[]>().notNull().default([]),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const pricingRegions = pgTable('pricing_regions', {
	name: text('name').primaryKey(),
	level: integer('level').notNull().unique(),
	discountPercent: integer('discount_percent').notNull(),
})

export const countryRegions = pgTable('country_regions', {
	countryCode: char('country_code', { length: 2 }).primaryKey(),
	region: text('region')
		.notNull()
		.references(() => pricingRegions.name),
})

export const catalogItems = pgTable('catalog_items', {
	code: text('code').primaryKey(),
	type: text('type').notNull(),
	name: text('name').notNull(),
	description: text('description').notNull().default(''),
	courseSlug: text('course_slug').references(() => courses.slug),
	active: boolean('active').notNull().default(true),
	sortOrder: integer('sort_order').notNull().default(0),
	/** Own capacity (a day-event pass); null: unlimited, or COURSE_SLOTS for a course seat. */
	capacity: integer('capacity'),
})

export const catalogPrices = pgTable(
	'catalog_prices',
	{
		itemCode: text('item_code')
			.notNull()
			.references(() => catalogItems.code),
		region: text('region')
			.notNull()
			.references(() => pricingRegions.name),
		amountMinor: integer('amount_minor').notNull(),
		currency: char('currency', { length: 3 }).notNull(),
	},
	(table) => [primaryKey({ columns: [table.itemCode, table.region] })],
)

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const orders = pgTable('orders', {
	id: text('id').primaryKey(),
	itemCode: text('item_code')
		.notNull()
		.references(() => catalogItems.code),
	quantity: integer('quantity').notNull(),
	status: text('status').$type<OrderStatus>().notNull().default('pending'),
	region: text('region')
		.notNull()
		.references(() => pricingRegions.name),
	amountMinor: integer('amount_minor').notNull(),
	currency: char('currency', { length: 3 }).notNull(),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	paidAt: timestamp('paid_at', { withTimezone: true }),
	// 0002_checkout.sql
	provider: text('provider').notNull().default('sandbox'),
	providerSessionId: text('provider_session_id'),
	paymentIntentId: text('payment_intent_id'),
	link: text('link'),
	unitAmountMinor: integer('unit_amount_minor').notNull().default(0),
	discountMinor: integer('discount_minor').notNull().default(0),
	couponCode: text('coupon_code'),
	affiliate: text('affiliate'),
	attribution: jsonb('attribution').$type<Record<string, unknown>>().notNull().default({}),
	email: text('email'),
	customerName: text('customer_name'),
	expiresAt: timestamp('expires_at', { withTimezone: true })
		.notNull()
		.default(sql`now() + interval '30 minutes'`),
	failureReason: text('failure_reason'),
	refundedAt: timestamp('refunded_at', { withTimezone: true }),
	receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	// 0004_order_holds_and_verification.sql
	holdKey: text('hold_key'),
	verifiedAt: timestamp('verified_at', { withTimezone: true }),
	// 0006_jobs.sql
	refundNoticeSentAt: timestamp('refund_notice_sent_at', { withTimezone: true }),
	// 0019_managed_coupons.sql
	couponBuyer: text('coupon_buyer'),
	// 0047_coupon_regional_and_seat_limit.sql: how the coupon was applied (docs/decisions/158).
	discountedQuantity: integer('discounted_quantity'),
	couponOnBasePrice: boolean('coupon_on_base_price').notNull().default(false),
	// 0023_invoices.sql: the buyer's billing details from checkout (docs/decisions/115)
	billing: jsonb('billing').$type<Billing>(),
	tax: jsonb('tax').$type<ChargedTax>(),
	// 0025_checkout_recovery.sql: one reminder after an unpaid checkout (docs/decisions/122)
	recoveryEmail: text('recovery_email'),
	recoverySentAt: timestamp('recovery_sent_at', { withTimezone: true }),
	// 0031_money_rollups.sql (docs/decisions/124); 0032_partial_refunds.sql: the sum of its
	// refunds, partial and full (0 until refunded; docs/decisions/123)
	refundedMinor: integer('refunded_minor').notNull().default(0),
	providerFeeMinor: integer('provider_fee_minor'),
	providerFeeCurrency: char('provider_fee_currency', { length: 3 }),
	// 0054_upgrade_credit.sql: the day pass whose price this order took off (docs/decisions/165)
	creditPassId: text('credit_pass_id'),
	creditMinor: integer('credit_minor').notNull().default(0),
	// 0053_delayed_payments.sql: a delayed method's money on its way (docs/decisions/164)
	awaitingPaymentSince: timestamp('awaiting_payment_since', { withTimezone: true }),
	// 0062_order_locale.sql: the language the order was started in, its buyer's (decision 174)
	locale: text('locale').$type<Locale>().notNull().default('en-US'),
})

/** 0032_partial_refunds.sql: each part of a paid order refunded (docs/decisions/123). */
export const refunds = pgTable('refunds', {
	/** The refund's idempotency key. */
	id: text('id').primaryKey(),
	orderId: text('order_id')
		.notNull()
		.references(() => orders.id, { onDelete: 'cascade' }),
	amountMinor: integer('amount_minor').notNull(),
	quantity: integer('quantity').notNull().default(0),
	passIds: jsonb('pass_ids').$type<string[]>().notNull().default([]),
	providerRefundId: text('provider_refund_id'),
	/** The order's, for money's roll-up of refunds by their day (0032). */
	itemCode: text('item_code').notNull(),
	region: text('region').notNull(),
	currency: char('currency', { length: 3 }).notNull(),
	/** The day it counts on in money's roll-up (docs/decisions/124). */
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * 0042_refunds_kept_in_view.sql: a seat or pass refunded on its own, as it was when its row left
 * `passes` (docs/decisions/150).
 */
export const refundedPasses = pgTable('refunded_passes', {
	id: text('id').primaryKey(),
	orderId: text('order_id')
		.notNull()
		.references(() => orders.id, { onDelete: 'cascade' }),
	refundId: text('refund_id')
		.notNull()
		.references(() => refunds.id, { onDelete: 'cascade' }),
	itemCode: text('item_code').notNull(),
	holderName: text('holder_name'),
	holderEmail: text('holder_email'),
	sentTo: text('sent_to'),
	claimedAt: timestamp('claimed_at', { withTimezone: true }),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
	refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull().defaultNow(),
})

export const coupons = pgTable('coupons', {
	code: text('code').primaryKey(),
	kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
	amount: integer('amount').notNull(),
	currency: char('currency', { length: 3 }),
	itemCode: text('item_code').references(() => catalogItems.code),
	active: boolean('active').notNull().default(true),
	expiresAt: timestamp('expires_at', { withTimezone: true }),
	maxUses: integer('max_uses'),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	// 0019_managed_coupons.sql
	startsAt: timestamp('starts_at', { withTimezone: true }),
	onePerBuyer: boolean('one_per_buyer').notNull().default(false),
	partnerKey: text('partner_key'),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	// 0047_coupon_regional_and_seat_limit.sql (docs/decisions/158)
	combinesWithRegional: boolean('combines_with_regional').notNull().default(true),
	maxDiscountedUnits: integer('max_discounted_units'),
})

export const couponItems = pgTable(
	'coupon_items',
	{
		couponCode: text('coupon_code')
			.notNull()
			.references(() => coupons.code, { onDelete: 'cascade' }),
		itemCode: text('item_code')
			.notNull()
			.references(() => catalogItems.code),
	},
	(table) => [primaryKey({ columns: [table.couponCode, table.itemCode] })],
)

export const paymentEvents = pgTable('payment_events', {
	id: text('id').primaryKey(),
	provider: text('provider').notNull(),
	type: text('type').notNull(),
	orderId: text('order_id').references(() => orders.id),
	receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})

export const passes = pgTable('passes', {
	id: text('id').primaryKey(),
	orderId: text('order_id')
		.notNull()
		.references(() => orders.id),
	itemCode: text('item_code')
		.notNull()
		.references(() => catalogItems.code),
	holderName: text('holder_name'),
	holderEmail: text('holder_email'),
	claimedAt: timestamp('claimed_at', { withTimezone: true }),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	// 0017_pass_sent_to.sql: the address the owner last sent this pass's link to (113).
	sentTo: text('sent_to'),
	// 0063_pass_locale.sql: the language of the page it was claimed on, its holder's (decision 177)
	locale: text('locale').$type<Locale>().notNull().default('en-US'),
})

/**
 * 0029_waitlist.sql (docs/decisions/120): people waiting for a sold-out product, in the order
 * they joined; an offer is a pending order holding their seats.
 */
export const waitlistEntries = pgTable('waitlist_entries', {
	id: bigserial('id', { mode: 'number' }).primaryKey(),
	itemCode: text('item_code')
		.notNull()
		.references(() => catalogItems.code),
	email: text('email').notNull(),
	quantity: integer('quantity').notNull(),
	region: text('region')
		.notNull()
		.references(() => pricingRegions.name),
	status: text('status')
		.$type<'unconfirmed' | 'waiting' | 'offered' | 'removed' | 'expired'>()
		.notNull()
		.default('waiting'),
	offerOrderId: text('offer_order_id')
		.unique()
		.references(() => orders.id),
	offeredAt: timestamp('offered_at', { withTimezone: true }),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	// 0033_waitlist_confirmed_places.sql (docs/decisions/130): the place, once the address is
	// confirmed; the joining network's key, as a checkout's hold key.
	confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
	holdKey: text('hold_key'),
	// 0062_order_locale.sql: the language the place was asked for in, its offer's (decision 174)
	locale: text('locale').$type<Locale>().notNull().default('en-US'),
})
