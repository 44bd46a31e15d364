/**
 * A person's page (issue 27, docs/decisions/114): everything the site knows about one e-mail
 * address — the orders it paid for, the seats and passes they give, the passes and seats held by
 * it (a course seat shared by link is a pass of another kind, docs/decisions/118), its
 * sign-ups, the e-mails sent to it with their delivery state, and the owners' audit lines about
 * those orders and e-mails. Each read goes through an index on the address (or on the ids the
 * first reads found) and is capped, so a person with a long history costs what anyone does.
 */
import { desc, eq, inArray, or } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { catalogItems, orders, passes } from '~/db/schema.server'
import { ownerAuditLog } from '~/db/schema-admin.server'
import { leads, outbox } from '~/db/schema-leads.server'
import { deliveryState } from '~/domain/delivery'
import { foldEmail } from '~/domain/email-address'

/** Rows per section at most: beyond these, the section links to its filtered list. */
const PERSON_LIMITS = { orders: 100, passes: 200, emails: 100, audit: 50 } as const

function readOrders(db: Db, email: string) {
	return db
		.select({
			id: orders.id,
			createdAt: orders.createdAt,
			status: orders.status,
			itemCode: orders.itemCode,
			itemName: catalogItems.name,
			itemType: catalogItems.type,
			quantity: orders.quantity,
			amountMinor: orders.amountMinor,
			currency: orders.currency,
			customerName: orders.customerName,
		})
		.from(orders)
		.innerJoin(catalogItems, eq(catalogItems.code, orders.itemCode))
		.where(eq(orders.email, email))
		.orderBy(desc(orders.createdAt), desc(orders.id))
		.limit(PERSON_LIMITS.orders)
}

/** Passes (and seats) of the orders `orderIds` and those held by `email`, each once. */
function readPasses(db: Db, email: string, orderIds: string[]) {
	return db
		.select({
			id: passes.id,
			orderId: passes.orderId,
			orderStatus: orders.status,
			itemName: catalogItems.name,
			itemType: catalogItems.type,
			holderName: passes.holderName,
			holderEmail: passes.holderEmail,
			claimedAt: passes.claimedAt,
		})
		.from(passes)
		.innerJoin(orders, eq(orders.id, passes.orderId))
		.innerJoin(catalogItems, eq(catalogItems.code, passes.itemCode))
		.where(
			orderIds.length > 0
				? or(eq(passes.holderEmail, email), inArray(passes.orderId, orderIds))
				: eq(passes.holderEmail, email),
		)
		.orderBy(passes.createdAt, passes.id)
		.limit(PERSON_LIMITS.passes)
}

function readSignUps(db: Db, email: string) {
	return db
		.select({
			id: leads.id,
			list: leads.list,
			firstName: leads.firstName,
			lastName: leads.lastName,
			createdAt: leads.createdAt,
			confirmedAt: leads.confirmedAt,
			partnerKey: leads.partnerKey,
		})
		.from(leads)
		.where(eq(leads.email, email))
		.orderBy(desc(leads.createdAt))
}

function readEmails(db: Db, email: string) {
	return db
		.select({
			id: outbox.id,
			createdAt: outbox.createdAt,
			subject: outbox.subject,
			transport: outbox.transport,
			sentAt: outbox.sentAt,
			failedAt: outbox.failedAt,
			lastError: outbox.lastError,
			attempts: outbox.attempts,
		})
		.from(outbox)
		.where(eq(outbox.toAddress, email))
		.orderBy(desc(outbox.createdAt), desc(outbox.id))
		.limit(PERSON_LIMITS.emails)
}

function readAudit(db: Db, targets: string[]) {
	if (targets.length === 0) return Promise.resolve([])
	return db
		.select()
		.from(ownerAuditLog)
		.where(inArray(ownerAuditLog.target, targets))
		.orderBy(desc(ownerAuditLog.at), desc(ownerAuditLog.id))
		.limit(PERSON_LIMITS.audit)
}

/** Everything about `address` (any case, trimmed), or null when nothing names it. */
export async function getPerson(db: Db, address: string) {
	const email = foldEmail(address)
	const [personOrders, signUps, emails] = await Promise.all([
		readOrders(db, email),
		readSignUps(db, email),
		readEmails(db, email),
	])
	const orderIds = personOrders.map((order) => order.id)
	const [personPasses, audit] = await Promise.all([
		readPasses(db, email, orderIds),
		readAudit(db, [
			...orderIds.map((id) => `order:${id}`),
			...emails.map((message) => `email:${message.id}`),
		]),
	])
	if (personOrders.length + signUps.length + emails.length + personPasses.length === 0) return null
	const bought = new Set(orderIds)
	const leadName = (lead: (typeof signUps)[number]) =>
		[lead.firstName, lead.lastName].filter(Boolean).join(' ')
	const heldPasses = personPasses.filter((pass) => pass.holderEmail === email)
	const paidCourseOrders = personOrders.filter(
		(order) => order.status === 'paid' && order.itemType === 'course',
	)
	const sharedOrders = new Set(
		personPasses.filter((pass) => pass.itemType === 'course').map((pass) => pass.orderId),
	)
	return {
		email,
		names: [
			...new Set(
				[
					...personOrders.map((order) => order.customerName),
					...heldPasses.map((pass) => pass.holderName),
					...signUps.map(leadName),
				].filter((name): name is string => Boolean(name)),
			),
		],
		orders: personOrders,
		// A course seat is an order's quantity (SPEC §7); refunded and unpaid orders hold none.
		seatsBought: paidCourseOrders.reduce((seats, order) => seats + order.quantity, 0),
		// Held: the seats of an order that shares none by link (one seat is its buyer's), and each
		// shared seat claimed with this address (docs/decisions/118).
		seatsHeld:
			paidCourseOrders
				.filter((order) => !sharedOrders.has(order.id))
				.reduce((seats, order) => seats + order.quantity, 0) +
			heldPasses.filter((pass) => pass.itemType === 'course' && pass.orderStatus === 'paid').length,
		passCount: personPasses.filter((pass) => pass.itemType !== 'course').length,
		passes: personPasses.map((pass) => ({
			...pass,
			unit: pass.itemType === 'course' ? ('seat' as const) : ('pass' as const),
			bought: bought.has(pass.orderId),
			held: pass.holderEmail === email,
		})),
		signUps,
		emails: emails.map((message) => ({
			id: message.id,
			createdAt: message.createdAt,
			subject: message.subject,
			state: deliveryState(message),
			attempts: message.attempts,
			error: message.sentAt ? null : message.lastError,
		})),
		audit,
		more: {
			orders: personOrders.length === PERSON_LIMITS.orders,
			passes: personPasses.length === PERSON_LIMITS.passes,
			emails: emails.length === PERSON_LIMITS.emails,
		},
	}
}

/** Whether `pass` can still be given a new link on its order's page (decision 082). */
export const passReassignable = (pass: { orderStatus: string; claimedAt: Date | null }) =>
	pass.orderStatus === 'paid' && pass.claimedAt === null
