/** The thank-you page's words (docs/decisions/176): English, and German under /de. */
import type { Locale } from '~/domain/locale'

type Step = { when: string; what: string }

type Copy = {
	title: string
	publicLead: string
	publicStep: Step
	lead: (email: string | null) => string
	bought: string
	totalPaid: string
	order: string
	refunded: string
	netPaid: string
	invoice: string
	invoiceAttached: string
	yourSeats: string
	yourPasses: string
	seatsNote: string
	passesNote: string
	link: (seats: boolean, index: number) => string
	claimedBy: (name: string) => string
	notClaimed: string
	now: string
	receiptTo: (email: string | null, passes: number, seats: boolean) => string
	today: string
	claimOwn: (seats: boolean) => string
	claimOne: (seats: boolean) => string
	beforeTheDay: Step
	courseOpen: (several: boolean) => Step
	courseOpens: (several: boolean) => Step
}

export const COPY: Record<Locale, Copy> = {
	'en-US': {
		title: 'Thank you for your order',
		publicLead:
			"This order is paid. Its receipt, with a link to each pass or shared seat, went to the buyer's e-mail address.",
		publicStep: {
			when: 'If you received a pass or seat link',
			what: 'Open it and claim it with your own name and e-mail address.',
		},
		lead: (email) =>
			email
				? `Your payment went through. A receipt is on its way to ${email}.`
				: 'Your payment went through.',
		bought: 'What you bought',
		totalPaid: 'Total paid:',
		order: 'Order',
		refunded: 'Refunded:',
		netPaid: 'Net paid:',
		invoice: 'Your invoice',
		invoiceAttached: '(also attached to the receipt as a PDF)',
		yourSeats: 'Your seats',
		yourPasses: 'Your passes',
		seatsNote:
			'Each seat is claimed once, with the name and e-mail of the person who takes the course. One of them is yours: claim it, and send the others’ links to your team. Each name appears here once its seat is claimed.',
		passesNote:
			"Each pass is claimed once, with the name and e-mail of the person who attends. Keep one, and send the others' links to your team.",
		link: (seats, index) => `${seats ? 'Seat' : 'Pass'} ${index}`,
		claimedBy: (name) => ` — claimed by ${name}`,
		notClaimed: ' — not claimed yet',
		now: 'Now',
		receiptTo: (email, passes, seats) =>
			email
				? `The receipt${passes > 0 ? `, with a link to each ${seats ? 'seat' : 'pass'},` : ''} is on its way to ${email}, with the date as a calendar file.`
				: 'The receipt is on its way to the address you paid with.',
		today: 'Today',
		claimOwn: (seats) =>
			`Claim your own ${seats ? 'seat' : 'pass'} and send the other links to your team: each person claims theirs once.`,
		claimOne: (seats) =>
			`Claim your ${seats ? 'seat' : 'pass'} with the name and e-mail of the person who attends.`,
		beforeTheDay: {
			when: 'Before the day',
			what: 'The day before and an hour before the start, we e-mail every pass holder a reminder with the joining link. Until a pass is claimed, its reminders come to you.',
		},
		courseOpen: (several) => ({
			when: 'Within minutes',
			what: several
				? 'The course is open: we e-mail your access now, and each seat holder theirs once they claim their seat. Until a seat is claimed, its access is yours.'
				: 'The course is open: we e-mail you your access now.',
		}),
		courseOpens: (several) => ({
			when: 'When the course opens',
			what: several
				? 'We e-mail each seat holder their access. Until a seat is claimed, its access comes to you.'
				: 'We e-mail you your access.',
		}),
	},
	'de-DE': {
		title: 'Vielen Dank für Ihre Bestellung',
		publicLead:
			'Diese Bestellung ist bezahlt. Ihre Quittung mit einem Link zu jedem Pass oder geteilten Platz ging an die E-Mail-Adresse des Käufers.',
		publicStep: {
			when: 'Wenn Sie einen Link zu einem Pass oder Platz erhalten haben',
			what: 'Öffnen Sie ihn und lösen Sie ihn mit Ihrem eigenen Namen und Ihrer E-Mail-Adresse ein.',
		},
		lead: (email) =>
			email
				? `Ihre Zahlung ist eingegangen. Eine Quittung ist unterwegs an ${email}.`
				: 'Ihre Zahlung ist eingegangen.',
		bought: 'Was Sie gekauft haben',
		totalPaid: 'Gesamtbetrag:',
		order: 'Bestellung',
		refunded: 'Erstattet:',
		netPaid: 'Netto bezahlt:',
		invoice: 'Ihre Rechnung',
		invoiceAttached: '(auch als PDF an der Quittung)',
		yourSeats: 'Ihre Plätze',
		yourPasses: 'Ihre Pässe',
		seatsNote:
			'Jeder Platz wird einmal eingelöst, mit Name und E-Mail der Person, die den Kurs belegt. Einer davon ist Ihrer: Lösen Sie ihn ein und schicken Sie die Links der anderen an Ihr Team. Jeder Name erscheint hier, sobald sein Platz eingelöst ist.',
		passesNote:
			'Jeder Pass wird einmal eingelöst, mit Name und E-Mail der Person, die teilnimmt. Behalten Sie einen und schicken Sie die Links der anderen an Ihr Team.',
		link: (seats, index) => `${seats ? 'Platz' : 'Pass'} ${index}`,
		claimedBy: (name) => ` – eingelöst von ${name}`,
		notClaimed: ' – noch nicht eingelöst',
		now: 'Jetzt',
		receiptTo: (email, passes, seats) =>
			email
				? `Die Quittung${passes > 0 ? ` mit einem Link zu jedem ${seats ? 'Platz' : 'Pass'}` : ''} ist unterwegs an ${email}, mit dem Termin als Kalenderdatei.`
				: 'Die Quittung ist unterwegs an die Adresse, mit der Sie bezahlt haben.',
		today: 'Heute',
		claimOwn: (seats) =>
			`Lösen Sie Ihren eigenen ${seats ? 'Platz' : 'Pass'} ein und schicken Sie die anderen Links an Ihr Team: Jede Person löst ihren einmal ein.`,
		claimOne: (seats) =>
			`Lösen Sie Ihren ${seats ? 'Platz' : 'Pass'} mit Name und E-Mail der Person ein, die teilnimmt.`,
		beforeTheDay: {
			when: 'Vor dem Tag',
			what: 'Am Vortag und eine Stunde vor Beginn schicken wir jedem Passinhaber eine Erinnerung mit dem Link zur Teilnahme. Solange ein Pass nicht eingelöst ist, gehen seine Erinnerungen an Sie.',
		},
		courseOpen: (several) => ({
			when: 'In wenigen Minuten',
			what: several
				? 'Der Kurs ist geöffnet: Wir schicken Ihnen Ihren Zugang jetzt, und jedem Platzinhaber seinen, sobald er seinen Platz einlöst. Solange ein Platz nicht eingelöst ist, gehört sein Zugang Ihnen.'
				: 'Der Kurs ist geöffnet: Wir schicken Ihnen Ihren Zugang jetzt per E-Mail.',
		}),
		courseOpens: (several) => ({
			when: 'Wenn der Kurs öffnet',
			what: several
				? 'Wir schicken jedem Platzinhaber seinen Zugang. Solange ein Platz nicht eingelöst ist, geht sein Zugang an Sie.'
				: 'Wir schicken Ihnen Ihren Zugang per E-Mail.',
		}),
	},
}
