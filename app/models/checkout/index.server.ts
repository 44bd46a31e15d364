/**
 * Checkout, payments, seats and passes (SPEC §2, §7, §8; docs/decisions/030, 031, 032): the one
 * entry routes and other models import. One module per step beside it: price, reserve, create,
 * confirm (every payment event, whoever sent it), expire / cancel, refund, passes, receipt,
 * status, and background (the job queue's periodic work); the pure rules in
 * domain/checkout-rules.ts.
 */

export { regionAllowed } from '~/domain/checkout-rules'
export { checkoutJobs } from './background.server'
export { applyPaymentEvent, recordSandboxPayment } from './confirm.server'
export { createCheckout } from './create.server'
export { payByCardOffer } from './delayed-payment.server'
export {
	CheckoutError,
	type CheckoutFailureCode,
	failureMessage,
	fieldFailureCode,
	isTemporaryFailure,
	refusalHeaders,
	refusalReason,
} from './errors'
export { cancelCheckout, cancelSandboxCheckout } from './expire.server'
export { findLatestPaidOrderHashId } from './paid-order.server'
export { claimPass, findValidPass } from './passes.server'
export { queueFigures } from './queue.server'
export { checkoutInTurn, openSessionJob } from './queue-open.server'
export { rememberForRecovery } from './recovery.server'
export { refundCheckout } from './refund.server'
export { type AutomaticRefund, automaticRefundOf } from './refund-notice.server'
export {
	type CheckoutView,
	checkoutHandoverKey,
	getCheckout,
	getSandboxCheckout,
	isCheckoutHandover,
	isOrderLink,
	publicCheckoutView,
} from './status.server'
export {
	isUpgradeLink,
	previewUpgrade,
	sendUpgradeCreditLinks,
} from './upgrade-credit.server'
