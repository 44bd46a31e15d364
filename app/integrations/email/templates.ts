/**
 * The messages the site sends, as plain functions of their data: a subject, a plain-text body
 * and an HTML body that says the same. Every value put into HTML is escaped.
 */
import { formatPrice, toMajorUnits } from '~/models/pricing'

export type EmailContent = { subject: string; text: string; html: string }

const COURSE_NAME = 'AI Driven Dev'
const DAY_NAME = 'AI Driven Development Day'

function escapeHtml(value: string): string {
	return value
		.replaceAll('&', '&amp;')
		.replaceAll('<', '&lt;')
		.replaceAll('>', '&gt;')
		.replaceAll('"', '&quot;')
		.replaceAll("'", '&#39;')
}

function greeting(firstName?: string | null) {
	return firstName ? `Hi ${firstName},` : 'Hi,'
}

function layout(paragraphs: string[]): string {
	const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('\n')
	return `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">
${body}
<p style="margin:32px 0 0;color:#64748b;font-size:13px">${COURSE_NAME}</p>
</body></html>`
}

const link = (href: string, label: string) =>
	`<a href="${escapeHtml(href)}" style="color:#4f46e5">${escapeHtml(label)}</a>`

/** Sent when someone signs up for the free workshop (SPEC §2: building web apps with LLMs). */
export function workshopConfirmation(data: {
	firstName?: string | null
	siteUrl: string
}): EmailContent {
	const workshopUrl = `${data.siteUrl}/workshop`
	return {
		subject: "You're signed up for the free workshop",
		text: [
			greeting(data.firstName),
			'',
			"You're signed up for our free workshop on building web apps with LLMs: how to bring AI into your everyday development workflow.",
			"We'll e-mail you the date and the joining link before it starts.",
			'',
			`Workshop page: ${workshopUrl}`,
			'',
			COURSE_NAME,
		].join('\n'),
		html: layout([
			escapeHtml(greeting(data.firstName)),
			"You're signed up for our free workshop on building web apps with LLMs: how to bring AI into your everyday development workflow.",
			"We'll e-mail you the date and the joining link before it starts.",
			link(workshopUrl, 'The workshop page'),
		]),
	}
}

/** The day-event registration is complete once this link is opened. */
export function dayEventConfirmation(data: {
	firstName?: string | null
	confirmUrl: string
	expiresAt: Date
}): EmailContent {
	const until = data.expiresAt.toUTCString()
	return {
		subject: `Confirm your registration for ${DAY_NAME}`,
		text: [
			greeting(data.firstName),
			'',
			`Thanks for registering for ${DAY_NAME}. Open this link to complete your registration:`,
			'',
			data.confirmUrl,
			'',
			`The link works until ${until}. If you did not register, ignore this message and nothing happens.`,
			'',
			COURSE_NAME,
		].join('\n'),
		html: layout([
			escapeHtml(greeting(data.firstName)),
			`Thanks for registering for ${DAY_NAME}. Open this link to complete your registration:`,
			link(data.confirmUrl, 'Complete my registration'),
			`The link works until ${escapeHtml(until)}. If you did not register, ignore this message and nothing happens.`,
		]),
	}
}

/** Sent for a course pre-order / interest sign-up on `/`. */
export function courseSignupConfirmation(data: {
	firstName?: string | null
	siteUrl: string
}): EmailContent {
	return {
		subject: `You're in: ${COURSE_NAME}`,
		text: [
			greeting(data.firstName),
			'',
			`You're on the list for ${COURSE_NAME}. We'll be in touch when the course opens.`,
			'',
			data.siteUrl,
			'',
			COURSE_NAME,
		].join('\n'),
		html: layout([
			escapeHtml(greeting(data.firstName)),
			`You're on the list for ${COURSE_NAME}. We'll be in touch when the course opens.`,
			link(data.siteUrl, data.siteUrl),
		]),
	}
}

type ReceiptLine = {
	name: string
	quantity: number
	/** Price of one, in minor units of `currency`. */
	unitAmountMinor: number
}

export type ReceiptData = {
	orderId: string
	customerName?: string | null
	currency: string
	lines: ReceiptLine[]
	/** Minor units; 0 when no coupon applied. */
	discountMinor: number
	/** What was charged, minor units. */
	totalMinor: number
	paidAt: Date
	/** Where the buyer can see the order (the thank-you page). */
	orderUrl?: string
	/**
	 * One link per pass bought: the thank-you page lists them only in the browser that bought,
	 * so the receipt is how a buyer on another device finds them (docs/decisions/068).
	 */
	passUrls?: string[]
	testMode?: boolean
}

/** The payment receipt: one line per item, then subtotal, discount and total. */
export function receipt(data: ReceiptData): EmailContent {
	const money = (minor: number) =>
		formatPrice(toMajorUnits(minor, data.currency), data.currency.toUpperCase())
	const subtotal = data.lines.reduce((sum, line) => sum + line.unitAmountMinor * line.quantity, 0)
	const rows = data.lines.map((line) => ({
		label: `${line.quantity} × ${line.name}`,
		amount: money(line.unitAmountMinor * line.quantity),
	}))
	const totals = [
		{ label: 'Subtotal', amount: money(subtotal) },
		...(data.discountMinor > 0
			? [{ label: 'Discount', amount: `−${money(data.discountMinor)}` }]
			: []),
		{ label: 'Total paid', amount: money(data.totalMinor) },
	]
	const testNote = data.testMode ? 'TEST MODE: no real payment was taken.' : null
	const paidOn = data.paidAt.toUTCString()
	const passUrls = data.passUrls ?? []
	const passIntro = 'Your passes: each is claimed once, by the person who attends.'
	const textRows = [...rows, ...totals].map((row) => `${row.label.padEnd(40)} ${row.amount}`)
	const htmlRow = (row: { label: string; amount: string }, strong = false) =>
		`<tr><td style="padding:4px 16px 4px 0">${strong ? '<strong>' : ''}${escapeHtml(row.label)}${strong ? '</strong>' : ''}</td><td style="padding:4px 0;text-align:right">${escapeHtml(row.amount)}</td></tr>`
	return {
		subject: `Your receipt for order ${data.orderId}`,
		text: [
			greeting(data.customerName),
			'',
			...(testNote ? [testNote, ''] : []),
			`Thank you for your order ${data.orderId}, paid on ${paidOn}.`,
			'',
			...textRows,
			...(data.orderUrl ? ['', `Your order: ${data.orderUrl}`] : []),
			...(passUrls.length > 0
				? ['', passIntro, ...passUrls.map((url, i) => `Pass ${i + 1}: ${url}`)]
				: []),
			'',
			COURSE_NAME,
		].join('\n'),
		html: layout([
			escapeHtml(greeting(data.customerName)),
			...(testNote ? [`<strong>${testNote}</strong>`] : []),
			`Thank you for your order ${escapeHtml(data.orderId)}, paid on ${escapeHtml(paidOn)}.`,
			`<table style="border-collapse:collapse">${rows.map((r) => htmlRow(r)).join('')}${totals
				.map((r, i) => htmlRow(r, i === totals.length - 1))
				.join('')}</table>`,
			...(data.orderUrl ? [link(data.orderUrl, 'Your order')] : []),
			...(passUrls.length > 0
				? [
						`${escapeHtml(passIntro)}<br>${passUrls.map((url, i) => link(url, `Pass ${i + 1}`)).join('<br>')}`,
					]
				: []),
		]),
	}
}

/**
 * A payment that arrived after the checkout's seats had gone to other buyers, and is being
 * refunded in full (docs/decisions/077).
 */
export function lateRefund(data: {
	orderId: string
	customerName?: string | null
	itemName: string
	currency: string
	totalMinor: number
	testMode?: boolean
}): EmailContent {
	const amount = formatPrice(
		toMajorUnits(data.totalMinor, data.currency),
		data.currency.toUpperCase(),
	)
	const testNote = data.testMode ? 'TEST MODE: no real payment was taken.' : null
	const explanation = `Your payment for order ${data.orderId} (${data.itemName}) reached us after your checkout's reservation had ended, and every seat had been taken in the meantime. We are sorry: we could not give you a seat, so we are refunding the full ${amount} to your card. Refunds usually arrive within 5 to 10 business days.`
	return {
		subject: `Your order ${data.orderId} is being refunded`,
		text: [
			greeting(data.customerName),
			'',
			...(testNote ? [testNote, ''] : []),
			explanation,
			'',
			COURSE_NAME,
		].join('\n'),
		html: layout([
			escapeHtml(greeting(data.customerName)),
			...(testNote ? [`<strong>${testNote}</strong>`] : []),
			escapeHtml(explanation),
		]),
	}
}

/** A pass the owner (re)assigned to someone: its new link, claimed once by whoever attends. */
export function passAssigned(data: { itemName: string; passUrl: string }): EmailContent {
	const intro = `A pass for ${data.itemName} is yours. Open the link to claim it with your name and e-mail address: it can be claimed once.`
	return {
		subject: `Your pass for ${data.itemName}`,
		text: [greeting(), '', intro, '', `Your pass: ${data.passUrl}`, '', COURSE_NAME].join('\n'),
		html: layout([escapeHtml(greeting()), escapeHtml(intro), link(data.passUrl, 'Your pass')]),
	}
}
