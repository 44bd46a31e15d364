/**
 * The one Drizzle schema, for PGlite and PostgreSQL alike. It mirrors the SQL files in
 * ./migrations, which are the source of truth for the database: change both together.
 */
import {
	boolean,
	char,
	integer,
	jsonb,
	pgTable,
	primaryKey,
	text,
	timestamp,
} from 'drizzle-orm/pg-core'

export type FaqEntry = { question: string; answer: string }

export const courses = pgTable('courses', {
	slug: text('slug').primaryKey(),
	name: text('name').notNull(),
	status: text('status').notNull().default('pre_order'),
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
})
