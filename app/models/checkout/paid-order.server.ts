/**
 * The `order_hashid` of the sign-in result (SPEC §3, §7): the public id of the visitor's latest
 * paid order for their e-mail address, if any.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { orders } from '~/db/schema.server'
import { foldEmail } from '~/domain/email-address'

/** The public id of the latest paid order for `email` (case-insensitive), or null. */
export async function findLatestPaidOrderHashId(db: Db, email: string): Promise<string | null> {
	const address = foldEmail(email)
	if (address === '') return null
	const [order] = await db
		.select({ id: orders.id })
		.from(orders)
		.where(and(eq(orders.status, 'paid'), eq(sql`lower(${orders.email})`, address)))
		.orderBy(sql`${orders.paidAt} DESC NULLS LAST`, desc(orders.createdAt))
		.limit(1)
	return order?.id ?? null
}
