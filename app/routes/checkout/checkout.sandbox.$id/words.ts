/** The sandbox payment page's words (docs/decisions/176): English, and German under /de. */
import type { Locale } from '~/domain/locale'

type Copy = {
	title: string
	testMode: string
	heading: string
	yourOrder: string
	discount: string
	totalBeforeVat: string
	total: string
	bankTransfer: string
	/** `units`: the unit's word for the quantity ordered, "seats", "Pass". */
	bankTransferNote: (quantity: number, units: string) => string
	email: string
	payAsHint: string
	name: string
	nameHint: string
	remindMe: string
	remindMeHint: string
	invoiceDetails: string
	company: string
	address: string
	country: string
	countryHint: string
	vatNumber: string
	vatOnTopHint: string
	vatIncludedHint: string
	cardNumber: string
	expiry: string
	cvc: string
	vatOnTop: string
	pay: (amount: string, vatOnTop: boolean) => string
	cancel: (quantity: number, units: string) => string
	standsIn: string
}

export const COPY: Record<Locale, Copy> = {
	'en-US': {
		title: 'Test checkout',
		testMode:
			'Test mode — no real charge. Pay with 4242 4242 4242 4242; 4000 0000 0000 0002 is declined.',
		heading: 'Checkout',
		yourOrder: 'Your order',
		discount: 'Discount',
		totalBeforeVat: 'Total before VAT',
		total: 'Total',
		bankTransfer: 'Pay by bank transfer (invoice)',
		bankTransferNote: (_quantity, units) =>
			`For companies: an invoice with our bank details; your ${units} stay reserved until it is due.`,
		email: 'Email',
		payAsHint:
			'This offer was made to this address: the seat, the receipt and the invoice go to it.',
		name: 'Your name',
		nameHint: 'Optional: the name your invoice is made out to.',
		remindMe: 'If I leave without paying, e-mail me once with a link to start again',
		remindMeHint: 'Nothing is held for you once this checkout ends; the link starts a new one.',
		invoiceDetails: 'Invoice details (optional: for a company invoice)',
		company: 'Company name',
		address: 'Billing address',
		country: 'Country',
		countryHint: 'Two letters, such as DE or FR',
		vatNumber: 'VAT number',
		vatOnTopHint:
			'A business in another EU country with a valid VAT number pays no VAT: none is added, and the invoice says reverse charge.',
		vatIncludedHint:
			'A business in another EU country with a valid VAT number: the price is the same; your invoice shows no VAT (reverse charge).',
		cardNumber: 'Card number',
		expiry: 'Expiry (MM / YY)',
		cvc: 'CVC',
		vatOnTop:
			'VAT is added to the price at the rate of your country (none for a business elsewhere in the EU with a VAT number, or outside the EU); the receipt and invoice show it.',
		pay: (amount, vatOnTop) => (vatOnTop ? `Pay ${amount} + VAT` : `Pay ${amount}`),
		cancel: (_quantity, units) => `Cancel and release my ${units}`,
		standsIn: 'This page stands in for a card processor while the site runs without Stripe.',
	},
	'de-DE': {
		title: 'Testkasse',
		testMode:
			'Testmodus – keine echte Belastung. Zahlen Sie mit 4242 4242 4242 4242; 4000 0000 0000 0002 wird abgelehnt.',
		heading: 'Kasse',
		yourOrder: 'Ihre Bestellung',
		discount: 'Rabatt',
		totalBeforeVat: 'Summe vor Umsatzsteuer',
		total: 'Summe',
		bankTransfer: 'Per Überweisung zahlen (Rechnung)',
		bankTransferNote: (quantity, units) =>
			`Für Unternehmen: eine Rechnung mit unserer Bankverbindung; Ihre Reservierung (${quantity} ${units}) bleibt bis zur Fälligkeit bestehen.`,
		email: 'E-Mail',
		payAsHint:
			'Dieses Angebot ging an diese Adresse: Der Platz, die Quittung und die Rechnung gehen an sie.',
		name: 'Ihr Name',
		nameHint: 'Optional: der Name, auf den Ihre Rechnung ausgestellt wird.',
		remindMe:
			'Wenn ich ohne Zahlung gehe, schicken Sie mir einmal eine E-Mail mit einem Link zum Neustart',
		remindMeHint:
			'Nach dem Ende dieser Bestellung ist nichts mehr für Sie reserviert; der Link startet eine neue.',
		invoiceDetails: 'Rechnungsangaben (optional: für eine Firmenrechnung)',
		company: 'Firmenname',
		address: 'Rechnungsadresse',
		country: 'Land',
		countryHint: 'Zwei Buchstaben, etwa DE oder FR',
		vatNumber: 'USt-IdNr.',
		vatOnTopHint:
			'Ein Unternehmen in einem anderen EU-Land mit gültiger USt-IdNr. zahlt keine Umsatzsteuer: Es wird keine aufgeschlagen, und die Rechnung weist die Steuerschuldnerschaft des Leistungsempfängers aus.',
		vatIncludedHint:
			'Ein Unternehmen in einem anderen EU-Land mit gültiger USt-IdNr.: Der Preis bleibt gleich; Ihre Rechnung weist keine Umsatzsteuer aus (Steuerschuldnerschaft des Leistungsempfängers).',
		cardNumber: 'Kartennummer',
		expiry: 'Gültig bis (MM / JJ)',
		cvc: 'Prüfnummer (CVC)',
		vatOnTop:
			'Die Umsatzsteuer Ihres Landes kommt zum Preis hinzu (keine für ein Unternehmen in einem anderen EU-Land mit USt-IdNr. oder außerhalb der EU); Quittung und Rechnung weisen sie aus.',
		pay: (amount, vatOnTop) => (vatOnTop ? `${amount} + USt. zahlen` : `${amount} zahlen`),
		cancel: (quantity, units) => `Abbrechen und ${quantity} ${units} freigeben`,
		standsIn:
			'Diese Seite vertritt einen Kartenzahlungsdienst, solange die Website ohne Stripe läuft.',
	},
}
