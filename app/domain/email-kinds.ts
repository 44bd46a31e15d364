/**
 * Every kind of e-mail the site sends, and its class, in this one place (docs/decisions/109).
 * A kind is the name of its template in templates.tsx; `kinds.test.ts` fails when a template is
 * not listed here, or a listed kind has no template. The class decides two things:
 * - whether the message carries one-click unsubscribe (RFC 8058's `List-Unsubscribe` and
 *   `List-Unsubscribe-Post` headers) and a visible link to the e-mail preferences page;
 * - whether it may go to an address that unsubscribed.
 */
export const EMAIL_CLASSES = {
	/** About a purchase: receipts, refunds, the passes and access bought. Always sent, no unsubscribe. */
	transactional: { unsubscribe: false, toUnsubscribed: true },
	/** Proves who holds the address (a double opt-in link, a sign-in link). Always sent, no unsubscribe. */
	security: { unsubscribe: false, toUnsubscribed: true },
	/**
	 * Answers a sign-up just made on a form: sent even to an unsubscribed address (it answers that
	 * request, within the per-mailbox limits of decision 103, and says no more mail will follow),
	 * and carries unsubscribe: anyone can type anyone's address into a form.
	 */
	signup: { unsubscribe: true, toUnsubscribed: true },
	/**
	 * About an event the person signed up for or holds a pass to: its reminders with the joining
	 * link and its change notices (decision 149). Not news: unsubscribing from news never stops
	 * them. Their one-click link and footer stop this event's reminders only.
	 */
	event: { unsubscribe: true, toUnsubscribed: true },
	/** News, written on our initiative: the owner's messages, a checkout reminder. Never to an unsubscribed address. */
	list: { unsubscribe: true, toUnsubscribed: false },
} as const satisfies Record<string, { unsubscribe: boolean; toUnsubscribed: boolean }>

export type EmailClass = keyof typeof EMAIL_CLASSES

export const EMAIL_KINDS = {
	workshopConfirmation: 'signup',
	// Answers a form sign-up for a known address (decision 131): anyone may type the address.
	workshopMoveOffer: 'signup',
	courseSignupConfirmation: 'signup',
	dayEventConfirmation: 'security',
	receipt: 'transactional',
	lateRefund: 'transactional',
	refundNotice: 'transactional',
	partialRefundNotice: 'transactional',
	passAssigned: 'transactional',
	giftDelivered: 'transactional',
	passClaimed: 'transactional',
	passRefunded: 'transactional',
	passMovedAway: 'transactional',
	// A claimed holder's address corrected by the owner: the old address is told (decision 157).
	holderAddressChanged: 'transactional',
	// Asked for on /upgrade by the address holding the pass (decision 165).
	upgradeCreditLink: 'transactional',
	// A delayed payment on its way, and one refused or never come (decision 164).
	paymentOnItsWay: 'transactional',
	delayedPaymentEnded: 'transactional',
	// Agreed to on the checkout page; a reminder on our initiative all the same (decision 122).
	checkoutRecovery: 'list',
	// The course's access, sent when the course opens: what the buyer paid for (decision 119).
	courseAccess: 'transactional',
	// Seats bought and not yet handed out, before and after the opening (decision 156).
	seatHandOutReminder: 'transactional',
	// A bank transfer's instructions, its reminder before the due date and its cancellation on
	// it (decision 163): about the buyer's own order.
	transferInstructions: 'transactional',
	transferReminder: 'transactional',
	transferCancelled: 'transactional',
	// The owner's message to an audience they pick on the dashboard (decision 119).
	ownerMessage: 'list',
	// What someone signed up for is not news (decision 149, amending 116 and 117): reminders with
	// the joining link and change notices reach an address unsubscribed from news.
	reminderDayBefore: 'event',
	reminderHourBefore: 'event',
	eventChanged: 'event',
	eventCancelled: 'event',
	// A workshop session's recording and code, promised on sign-up (decision 157): event mail.
	workshopFollowUp: 'event',
	// A certificate of attendance, after the event the person attended (decision 172): about
	// that event, so it carries the event's own stop link, like its follow-up.
	certificateOfAttendance: 'event',
	// To a buyer of passes not claimed yet, about the event they bought them for (decision 155).
	passHandOutReminder: 'event',
	// Answers joining the waiting list, later: anyone can type anyone's address, so it carries
	// unsubscribe; it goes even to an unsubscribed address, who asked for it (decision 120).
	waitlistOffer: 'signup',
	// A double opt-in link (decision 130): it proves the address before any offer is made.
	waitlistConfirm: 'security',
} as const satisfies Record<string, EmailClass>

export type EmailKind = keyof typeof EMAIL_KINDS

/** Whether a message of this kind carries one-click unsubscribe and the preferences link. */
export const carriesUnsubscribe = (kind: EmailKind): boolean =>
	EMAIL_CLASSES[EMAIL_KINDS[kind]].unsubscribe

/**
 * The news kinds, never sent to an address that unsubscribed: `sendListEmail` (models/email-preferences)
 * checks before writing one, and unsubscribing cancels those still waiting in the outbox.
 */
export const LIST_KINDS = (Object.keys(EMAIL_KINDS) as EmailKind[]).filter(
	(kind) => !EMAIL_CLASSES[EMAIL_KINDS[kind]].toUnsubscribed,
)

/** The kinds kept for accounting when a lead is erased: the e-mails about an order. */
export const TRANSACTIONAL_KINDS = (Object.keys(EMAIL_KINDS) as EmailKind[]).filter(
	(kind) => EMAIL_KINDS[kind] === 'transactional',
)
