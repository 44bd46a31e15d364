/**
 * Tables of 0009_overview_daily_rollups.sql (docs/decisions/095): the owner's overview summed
 * per day, dated in the owner's time zone (`overview_settings`, 0030, decision 121). Written only by the database's triggers on orders and leads; the overview reads
 * them. No partner and no coupon are '' (a primary key has no NULL); a row may have fallen to 0.
 * Each key has up to 64 rows, one per `shard` (the writing session's, 0012): readers sum them.
 */
import {
	bigint,
	boolean,
	date,
	integer,
	pgTable,
	primaryKey,
	smallint,
	text,
} from 'drizzle-orm/pg-core'

/** Paid orders by the day they were paid. */
export const overviewPaidDaily = pgTable(
	'overview_paid_daily',
	{
		day: date('day', { mode: 'string' }).notNull(),
		itemCode: text('item_code').notNull(),
		region: text('region').notNull(),
		currency: text('currency').notNull(),
		affiliate: text('affiliate').notNull(),
		shard: smallint('shard').notNull().default(0),
		orders: integer('orders').notNull(),
		quantity: bigint('quantity', { mode: 'number' }).notNull(),
		amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
	},
	(table) => [
		primaryKey({
			columns: [
				table.day,
				table.itemCode,
				table.region,
				table.currency,
				table.affiliate,
				table.shard,
			],
		}),
	],
)

/** Orders by the day they were created (checkouts started), with their status now. */
export const overviewOrdersDaily = pgTable(
	'overview_orders_daily',
	{
		day: date('day', { mode: 'string' }).notNull(),
		status: text('status').notNull(),
		wasPaid: boolean('was_paid').notNull(),
		couponCode: text('coupon_code').notNull(),
		currency: text('currency').notNull(),
		shard: smallint('shard').notNull().default(0),
		orders: integer('orders').notNull(),
		discountMinor: bigint('discount_minor', { mode: 'number' }).notNull(),
	},
	(table) => [
		primaryKey({
			columns: [
				table.day,
				table.status,
				table.wasPaid,
				table.couponCode,
				table.currency,
				table.shard,
			],
		}),
	],
)

/** Sign-ups by the day they were first made. */
export const overviewSignupsDaily = pgTable(
	'overview_signups_daily',
	{
		day: date('day', { mode: 'string' }).notNull(),
		list: text('list').notNull(),
		partnerKey: text('partner_key').notNull(),
		shard: smallint('shard').notNull().default(0),
		signups: integer('signups').notNull(),
	},
	(table) => [primaryKey({ columns: [table.day, table.list, table.partnerKey, table.shard] })],
)

/** The zone the roll-ups' days are dated in (one row; set at boot by `set_overview_time_zone`). */
export const overviewSettings = pgTable('overview_settings', {
	id: boolean('id').primaryKey().default(true),
	timeZone: text('time_zone').notNull().default('UTC'),
})

/**
 * Passes (and a course's seat links) issued and claimed of paid orders (0030, decision 121), per
 * item, one row per shard.
 */
export const overviewPassCounts = pgTable(
	'overview_pass_counts',
	{
		itemCode: text('item_code').notNull(),
		shard: smallint('shard').notNull(),
		issued: bigint('issued', { mode: 'number' }).notNull().default(0),
		claimed: bigint('claimed', { mode: 'number' }).notNull().default(0),
	},
	(table) => [primaryKey({ columns: [table.itemCode, table.shard] })],
)

/** Workshop sign-ups per session (0030, decision 121); no session is ''. A row per shard. */
export const overviewSessionCounts = pgTable(
	'overview_session_counts',
	{
		workshopSession: text('workshop_session').notNull(),
		shard: smallint('shard').notNull(),
		signups: integer('signups').notNull(),
	},
	(table) => [primaryKey({ columns: [table.workshopSession, table.shard] })],
)

/**
 * Money as an accountant reads it (0031, decision 124): per day, product, region and currency,
 * gross (paid, on the day paid), refunded (on the day refunded) and the provider's fee (on the
 * day paid, in the fee's currency). A row per shard.
 */
export const moneyDaily = pgTable(
	'money_daily',
	{
		day: date('day', { mode: 'string' }).notNull(),
		kind: text('kind').$type<'gross' | 'refunded' | 'fee'>().notNull(),
		itemCode: text('item_code').notNull(),
		region: text('region').notNull(),
		currency: text('currency').notNull(),
		shard: smallint('shard').notNull(),
		orders: integer('orders').notNull(),
		amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
	},
	(table) => [
		primaryKey({
			columns: [table.day, table.kind, table.itemCode, table.region, table.currency, table.shard],
		}),
	],
)
