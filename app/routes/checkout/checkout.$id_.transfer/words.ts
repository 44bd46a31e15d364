/** The bank transfer page's words (docs/decisions/176): English, and German under /de. */
import type { Locale } from '~/domain/locale'
import { IS, pluralWord, STAY } from '~/domain/words'

/** What the order holds: its units' word ("seat", "Plätze") and how many. */
type Held = { units: string; quantity: number }

type Copy = {
	title: string
	cancelledTitle: string
	cancelled: (day: string, held: Held, note: { credit: string; invoice: string } | null) => string
	testAccount: string
	reserved: (item: string, held: Held, day: string) => string
	next: string
	sentTo: (email: string) => string
	onArrival: (units: string) => string
	ifNot: (day: string) => string
	formTitle: string
	formLead: (what: string, total: string, held: Held, day: string) => string
	email: string
	emailHint: string
	name: string
	optional: string
	company: string
	address: string
	country: string
	countryHint: string
	vatNumber: string
	vatHint: string
	submit: string
	byCard: string
}

export const COPY: Record<Locale, Copy> = {
	'en-US': {
		title: 'Pay by bank transfer',
		cancelledTitle: 'This order is cancelled',
		cancelled: (day, { units, quantity }, note) =>
			`No payment arrived by the end of ${day}: the order is cancelled and its ${units} ${pluralWord(quantity, IS)} back on sale.${note ? ` Credit note ${note.credit} cancels invoice ${note.invoice}.` : ''}`,
		testAccount: 'Test mode — this is a test account. Send no money.',
		reserved: (item, { units, quantity }, day) =>
			`Your ${quantity} × ${item}: the ${units} ${pluralWord(quantity, IS)} reserved for you until the end of ${day}.`,
		next: 'What happens next',
		sentTo: (email) => `These details and your invoice went to ${email}.`,
		onArrival: (units) =>
			`When your payment arrives, we e-mail your receipt and the links to your ${units}. Nothing is sent before.`,
		ifNot: (day) =>
			`If it has not arrived by the end of ${day}, the order is cancelled and a credit note cancels the invoice.`,
		formTitle: 'Pay by bank transfer (invoice)',
		formLead: (what, total, { units, quantity }, day) =>
			`${what}: ${total}. We e-mail you an invoice with our bank details and a payment reference; your ${units} ${pluralWord(quantity, STAY)} reserved until the end of ${day} while the transfer is on its way.`,
		email: 'Email',
		emailHint: 'The invoice, the reminder and, once paid, the receipt go to it.',
		name: 'Your name',
		optional: 'Optional.',
		company: 'Company name',
		address: 'Billing address',
		country: 'Country',
		countryHint: 'Two letters, such as DE or FR',
		vatNumber: 'VAT number',
		vatHint:
			'Optional. A business in another EU country with a valid VAT number: the price is the same; your invoice shows no VAT (reverse charge).',
		submit: 'Get the invoice and bank details',
		byCard: 'Pay by card instead',
	},
	'de-DE': {
		title: 'Per Überweisung zahlen',
		cancelledTitle: 'Diese Bestellung ist storniert',
		cancelled: (day, { units, quantity }, note) =>
			`Bis zum Ende des ${day} ist keine Zahlung eingegangen: Die Bestellung ist storniert, und ${quantity === 1 ? `ihr ${units} ist` : `ihre ${units} sind`} wieder im Verkauf.${note ? ` Die Rechnungskorrektur ${note.credit} storniert die Rechnung ${note.invoice}.` : ''}`,
		testAccount: 'Testmodus – dies ist ein Testkonto. Überweisen Sie kein Geld.',
		// Platz and Pass are both masculine: "der Platz ist", "die Plätze sind".
		reserved: (item, { units, quantity }, day) =>
			`Ihre ${quantity} × ${item}: ${quantity === 1 ? `Der ${units} ist` : `Die ${units} sind`} bis zum Ende des ${day} für Sie reserviert.`,
		next: 'Wie es weitergeht',
		sentTo: (email) => `Diese Angaben und Ihre Rechnung gingen an ${email}.`,
		onArrival: () =>
			'Sobald Ihre Zahlung eingeht, senden wir Ihnen Ihre Quittung und die Links Ihrer Bestellung. Vorher wird nichts verschickt.',
		ifNot: (day) =>
			`Ist sie bis zum Ende des ${day} nicht eingegangen, wird die Bestellung storniert, und eine Rechnungskorrektur storniert die Rechnung.`,
		formTitle: 'Per Überweisung zahlen (Rechnung)',
		formLead: (what, total, { units, quantity }, day) =>
			`${what}: ${total}. Wir senden Ihnen eine Rechnung mit unserer Bankverbindung und einem Verwendungszweck; ${quantity === 1 ? `Ihr ${units} bleibt` : `Ihre ${units} bleiben`} bis zum Ende des ${day} reserviert, während die Überweisung unterwegs ist.`,
		email: 'E-Mail',
		emailHint: 'Die Rechnung, die Erinnerung und nach der Zahlung die Quittung gehen an sie.',
		name: 'Ihr Name',
		optional: 'Optional.',
		company: 'Firmenname',
		address: 'Rechnungsadresse',
		country: 'Land',
		countryHint: 'Zwei Buchstaben, etwa DE oder FR',
		vatNumber: 'USt-IdNr.',
		vatHint:
			'Optional. Ein Unternehmen in einem anderen EU-Land mit gültiger USt-IdNr.: Der Preis bleibt gleich; Ihre Rechnung weist keine Umsatzsteuer aus (Steuerschuldnerschaft des Leistungsempfängers).',
		submit: 'Rechnung und Bankverbindung anfordern',
		byCard: 'Stattdessen mit Karte zahlen',
	},
}
