/** The processing page's words (docs/decisions/176): English, and German under /de. */
import type { Locale } from '~/domain/locale'
import {
	checkoutFailed,
	DEFAULT_VERIFY_REASON,
	MESSAGES,
	paymentVerificationFailed,
} from '~/forms/messages'
import type { AutomaticRefund } from '~/models/checkout/index.server'

type Copy = {
	processing: string
	processingLead: string
	waiting: string
	checkAgain: string
	checkoutFailedTitle: string
	checkoutFailed: (reason: string) => string
	quantity: (max: number) => string
	cancelledTitle: string
	notCompletedTitle: string
	verificationFailed: (reason: string) => string
	defaultReason: string
	providerSilent: string
	youCancelled: string
	reasons: Record<string, string>
	tryAgain: string
	refundTitle: string
	refundReasons: Record<AutomaticRefund['because'], string>
	refunding: (amount: string) => string
	refundArrives: string
	buyWithoutCoupon: string
	buyAgain: string
}

export const COPY: Record<Locale, Copy> = {
	'en-US': {
		processing: 'Processing your payment',
		processingLead: 'Please wait while we process your payment. This page updates by itself.',
		waiting: 'Waiting for the payment to be confirmed…',
		checkAgain: 'Check again now',
		checkoutFailedTitle: 'Checkout failed',
		checkoutFailed,
		quantity: MESSAGES.quantity,
		cancelledTitle: 'Payment cancelled',
		notCompletedTitle: 'Payment not completed',
		verificationFailed: paymentVerificationFailed,
		defaultReason: DEFAULT_VERIFY_REASON,
		providerSilent: 'the payment provider did not answer, try again',
		youCancelled: 'you cancelled the payment',
		reasons: {
			failed: 'the payment did not go through',
			expired: 'the checkout expired before it was paid',
			refunded: 'this payment was refunded',
		},
		tryAgain: 'Try again',
		refundTitle: 'Your payment is being refunded',
		// Why a paid order is given back, in the words of the buyer's e-mail (lateRefund).
		refundReasons: {
			'coupon-once-per-buyer':
				'The coupon on this order can be used once per buyer, and the e-mail address you paid with has used it before.',
			'coupon-used-up':
				'Every use of the coupon on this order was taken by the time your payment reached us.',
			'upgrade-credit-spent':
				'The upgrade credit of your pass went to another order while your payment was on its way: a pass counts towards one seat.',
		},
		refunding: (amount) =>
			` So we are refunding the full ${amount} to your card; an e-mail with the details is on its way.`,
		refundArrives: 'Refunds usually arrive within 5 to 10 business days.',
		buyWithoutCoupon: ' You are welcome to buy again without the coupon.',
		buyAgain: 'Buy again',
	},
	'de-DE': {
		processing: 'Ihre Zahlung wird verarbeitet',
		processingLead:
			'Bitte warten Sie, während wir Ihre Zahlung verarbeiten. Diese Seite aktualisiert sich von selbst.',
		waiting: 'Warten auf die Bestätigung der Zahlung …',
		checkAgain: 'Jetzt erneut prüfen',
		checkoutFailedTitle: 'Bestellung fehlgeschlagen',
		checkoutFailed: (reason) => `Bestellung fehlgeschlagen: ${reason}`,
		quantity: (max) => `die Anzahl muss eine ganze Zahl von 1 bis ${max} sein`,
		cancelledTitle: 'Zahlung abgebrochen',
		notCompletedTitle: 'Zahlung nicht abgeschlossen',
		verificationFailed: (reason) => `Zahlungsprüfung fehlgeschlagen: ${reason}`,
		defaultReason: 'Die Zahlung konnte nicht geprüft werden',
		providerSilent: 'der Zahlungsanbieter hat nicht geantwortet, versuchen Sie es erneut',
		youCancelled: 'Sie haben die Zahlung abgebrochen',
		reasons: {
			failed: 'die Zahlung ist nicht durchgegangen',
			expired: 'die Bestellung ist abgelaufen, bevor sie bezahlt wurde',
			refunded: 'diese Zahlung wurde erstattet',
		},
		tryAgain: 'Erneut versuchen',
		refundTitle: 'Ihre Zahlung wird erstattet',
		refundReasons: {
			'coupon-once-per-buyer':
				'Der Gutschein dieser Bestellung gilt einmal pro Käufer, und die E-Mail-Adresse, mit der Sie bezahlt haben, hat ihn schon verwendet.',
			'coupon-used-up':
				'Alle Einlösungen des Gutscheins dieser Bestellung waren vergeben, als Ihre Zahlung bei uns ankam.',
			'upgrade-credit-spent':
				'Das Upgrade-Guthaben Ihres Passes ging an eine andere Bestellung, während Ihre Zahlung unterwegs war: Ein Pass zählt für einen Platz.',
		},
		refunding: (amount) =>
			` Deshalb erstatten wir Ihnen die vollen ${amount} auf Ihre Karte; eine E-Mail mit den Einzelheiten ist unterwegs.`,
		refundArrives: 'Erstattungen kommen in der Regel innerhalb von 5 bis 10 Werktagen an.',
		buyWithoutCoupon: ' Sie können gern ohne den Gutschein erneut kaufen.',
		buyAgain: 'Erneut kaufen',
	},
}
