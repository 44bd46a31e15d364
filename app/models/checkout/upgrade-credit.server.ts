/**
 * Upgrade credit (issue 37 item 4, docs/decisions/165): a paid day pass takes what it cost off one
 * course seat, bought until UPGRADE_CREDIT_DAYS after the day. Who holds a pass is decision 155's
 * answer: its claimed holder, or, until it is claimed, its buyer. The credit is a scarce thing, so
 * only a link mailed to that address spends it (`upgradeCreditUrl`): the link names the pass and a
 * hash of the holder's mailbox, and stops working when the pass is handed on. A pass's credit is
 * spent while an order naming it is paid or holds its seats, counted under the pass row's lock in
 * the new order's transaction, as a coupon's uses are (decision 112): two checkouts never both
 * get it, and a refunded or expired order gives it back.
 */
import crypto from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { eventsOf } from '~/content/site-content.server'
import type { Db } from '~/db/client.server'
import { rowsOf } from '~/db/query.server'
import { catalogItems, orders, passes } from '~/db/schema.server'
import type { Locale } from '~/domain/locale'
import { passNetMinor, upgradeCreditMinor } from '~/domain/upgrade-credit'
import { orderTemplates } from '~/integrations/email/index.server'
import { createLinkToken, verifyLinkToken } from '~/models/links/signed-token.server'
import { sendWithinLimits } from '~/models/preferences/confirmation-limits.server'
import { mailboxOf } from '~/models/preferences/mailbox.server'
import { CheckoutError, failureMessage } from './errors'
import { findPricedItem } from './price.server'

/** A day pass whose credit is not spent, and what it is worth. */
type PassCredit = {
	passId: string
	passName: string
	/** What the pass cost (decision 165's "net": after its coupon, before VAT added on top). */
	passMinor: number
	currency: string
	/** The address holding the pass: its holder's, or its buyer's while nobody claimed it. */
	holder: string
	/** The end of the credit's window. */
	until: Date
	/** The holder's language: the claim's, or the order's while nobody claimed it (decision 177). */
	locale: Locale
}

const DAY_MS = 86_400_000

/** A mailbox, hashed: the link names who held the pass without carrying the address. */
const holderHash = (email: string) =>
	crypto.createHash('sha256').update(mailboxOf(email).key).digest('hex').slice(0, 16)

/**
 * When the credit of a pass paid at `paidAt` ends: UPGRADE_CREDIT_DAYS after the end of the first
 * day event not over when it was paid (a moved day moves it). No day event: no credit.
 */
function windowEnd(paidAt: Date): Date | null {
	const days = eventsOf('day').map((event) => new Date(event.end))
	const day = days.filter((end) => end >= paidAt).sort((a, b) => +a - +b)[0] ?? days.at(-1)
	return day ? new Date(day.getTime() + getConfig().UPGRADE_CREDIT_DAYS * DAY_MS) : null
}

/** The paid day passes (one, or all), with who holds each and until when its credit runs. */
async function paidPasses(db: Db, passId?: string, { lock = false } = {}): Promise<PassCredit[]> {
	const query = db
		.select({
			passId: passes.id,
			passName: catalogItems.name,
			holderEmail: passes.holderEmail,
			claimedAt: passes.claimedAt,
			buyer: orders.email,
			paidAt: orders.paidAt,
			amountMinor: orders.amountMinor,
			quantity: orders.quantity,
			tax: orders.tax,
			currency: orders.currency,
			passLocale: passes.locale,
			orderLocale: orders.locale,
		})
		.from(passes)
		.innerJoin(orders, eq(orders.id, passes.orderId))
		.innerJoin(catalogItems, eq(catalogItems.code, passes.itemCode))
		.where(
			and(
				eq(orders.status, 'paid'),
				eq(catalogItems.type, 'pass'),
				passId === undefined ? undefined : eq(passes.id, passId),
			),
		)
	const rows = lock ? await query.for('update', { of: passes }) : await query
	return rows.flatMap((row) => {
		const holder = row.claimedAt ? row.holderEmail : row.buyer
		const until = windowEnd(row.paidAt ?? new Date())
		if (!holder || !until) return []
		return [
			{
				passId: row.passId,
				passName: row.passName,
				passMinor: passNetMinor(row),
				currency: row.currency,
				holder,
				until,
				locale: row.claimedAt ? row.passLocale : row.orderLocale,
			},
		]
	})
}

/** Whether an order other than `exceptOrderId` spent the pass's credit: paid, or holding seats. */
async function creditSpent(db: Db, passId: string): Promise<boolean> {
	const result = await db.execute(
		sql`SELECT count(*)::int AS uses FROM orders
			WHERE credit_pass_id = ${passId}
				AND (status = 'paid' OR (status = 'pending' AND expires_at > now()))`,
	)
	return Number(rowsOf(result)[0]?.uses ?? 0) > 0
}

/** Why a late payment is refunded when its credit went to another order meanwhile (decision 171). */
export const CREDIT_SPENT = 'upgrade-credit-spent'

/**
 * Whether a course order paid after its hold ended may keep its upgrade credit (decision 171):
 * while its hold had ended the credit counted as free, and another order may have taken it. The
 * pass row is locked as a new checkout locks it, so the count is exact under concurrency; a pass
 * refunded since (its row gone) has no credit left to keep either. An order on time, or without a
 * credit, keeps it: its hold kept the credit from everyone else.
 */
export async function creditKeptAtPayment(
	tx: Db,
	order: { id: string; creditPassId: string | null },
	{ late }: { late: boolean },
): Promise<boolean> {
	if (!late || !order.creditPassId) return true
	const [pass] = await tx
		.select({ id: passes.id })
		.from(passes)
		.where(eq(passes.id, order.creditPassId))
		.for('update')
	if (!pass) return false
	const result = await tx.execute(
		sql`SELECT count(*)::int AS uses FROM orders
			WHERE credit_pass_id = ${order.creditPassId} AND id <> ${order.id}
				AND (status = 'paid' OR (status = 'pending' AND expires_at > now()))`,
	)
	return Number(rowsOf(result)[0]?.uses ?? 0) === 0
}

/** The credits `email` holds now: its passes in their window, not spent. */
async function creditsOf(db: Db, email: string): Promise<PassCredit[]> {
	const key = mailboxOf(email).key
	const now = new Date()
	const held = (await paidPasses(db)).filter(
		(pass) => mailboxOf(pass.holder).key === key && pass.until > now,
	)
	const unspent = await Promise.all(held.map(async (pass) => !(await creditSpent(db, pass.passId))))
	return held.filter((_, index) => unspent[index])
}

/** The link that spends `credit`, signed for the pass and its holder, ending with its window. */
function upgradeCreditUrl(origin: string, credit: PassCredit): string {
	const key = createLinkToken(
		{
			purpose: 'upgrade-credit',
			subject: `${credit.passId}_${holderHash(credit.holder)}`,
			expiresAt: credit.until,
		},
		getConfig().SESSION_SECRET,
	)
	return `${origin}/upgrade/${encodeURIComponent(key)}`
}

/**
 * Mails `email` its upgrade links, if it holds a pass with credit left and its mailbox is within
 * the hourly limits; nothing otherwise. The caller answers the same either way, so the form tells
 * nobody who holds a pass.
 */
export async function sendUpgradeCreditLinks(
	db: Db,
	input: { email: string; origin: string; courseName: string },
): Promise<void> {
	const credits = await creditsOf(db, input.email)
	if (credits.length === 0) return
	// In the language of the address it goes to (decision 177).
	const content = await orderTemplates(credits[0]!.locale).upgradeCreditLink({
		courseName: input.courseName,
		credits: credits.map((credit) => ({
			...credit,
			creditMinor: credit.passMinor,
			url: upgradeCreditUrl(input.origin, credit),
		})),
	})
	// To the address holding the pass as we have it, not as typed: the link proves that mailbox.
	// Anyone can type it: counted with the sign-up confirmations, within their hourly limits per
	// mailbox, domain and site (decisions 103, 171); past one, nothing is sent, answered alike.
	await sendWithinLimits(db, { to: credits[0]!.holder, ...content })
}

/** Whether `key` is an upgrade link we signed, spendable or not: its page then says it ended. */
export function isUpgradeLink(key: string | null | undefined): boolean {
	const link = verifyLinkToken(key, 'upgrade-credit', getConfig().SESSION_SECRET)
	return link.ok || link.reason === 'expired'
}

/**
 * The credit a link spends, while it can: null for a link we did not sign, one that expired, a
 * pass refunded or handed on since, or a credit spent. `lock`: the pass row stays locked until
 * the caller's transaction ends (checkout).
 */
async function readUpgradeCredit(
	db: Db,
	key: string | null | undefined,
	{ lock = false } = {},
): Promise<PassCredit | null> {
	const link = verifyLinkToken(key, 'upgrade-credit', getConfig().SESSION_SECRET)
	if (!link.ok) return null
	const cut = link.subject.lastIndexOf('_')
	const [pass] = await paidPasses(db, link.subject.slice(0, cut), { lock })
	if (!pass || holderHash(pass.holder) !== link.subject.slice(cut + 1)) return null
	if (pass.until <= new Date() || (await creditSpent(db, pass.passId))) return null
	return pass
}

/** What the upgrade page shows: the course in `region`, the credit and what is left to pay. */
export async function previewUpgrade(
	db: Db,
	key: string,
	course: { code: string; region: string },
): Promise<{
	passName: string
	courseName: string
	currency: string
	priceMinor: number
	creditMinor: number
	until: Date
} | null> {
	const pass = await readUpgradeCredit(db, key)
	if (!pass) return null
	const item = await findPricedItem(db, course)
	const creditMinor = upgradeCreditMinor({
		passMinor: pass.passMinor,
		passCurrency: pass.currency,
		currency: item.currency,
		quantity: 1,
		totalMinor: item.amountMinor,
	})
	return {
		passName: pass.passName,
		courseName: item.name,
		currency: item.currency,
		priceMinor: item.amountMinor,
		creditMinor,
		until: pass.until,
	}
}

/**
 * Spends the credit of the link `key` on a new course order, in that order's transaction: what it
 * takes off (`upgradeCreditMinor`) and the address the order is paid under. Throws a CheckoutError
 * when the credit cannot be spent; nothing is written then.
 */
export async function claimUpgradeCredit(
	tx: Db,
	key: string,
	order: { itemType: string; currency: string; quantity: number; totalMinor: number },
): Promise<{ passId: string; passName: string; creditMinor: number; email: string }> {
	const pass = order.itemType === 'course' ? await readUpgradeCredit(tx, key, { lock: true }) : null
	const creditMinor = pass
		? upgradeCreditMinor({ ...order, passMinor: pass.passMinor, passCurrency: pass.currency })
		: 0
	if (!pass || creditMinor === 0)
		throw new CheckoutError(409, failureMessage('upgrade-credit', '') ?? '', 'upgrade-credit')
	return { passId: pass.passId, passName: pass.passName, creditMinor, email: pass.holder }
}
