import type { Locale } from '~/domain/locale'

/**
 * The day page's own words per language (decision 175), beside its module to keep that one
 * short. The agenda, the passes' names and what they include are content (English for now).
 */
export const DAY_WORDS = {
	'en-US': {
		title: 'AI Driven Development Day',
		lead: 'One day of talks and hands-on sessions on building software with AI, from practitioners who ship with it every day.',
		when: 'One full day, live',
		agenda: 'Agenda',
		timesIn: (zone: string) => `Times in ${zone}.`,
		passes: 'Passes',
		passesLead: 'Prices adjust to where you are, like the course.',
		insteadOf: 'instead of ',
		regionalPrice: (country: string, percent: number) =>
			`Regional price for ${country}: ${percent}% off.`,
		buyPasses: 'Buy passes',
		register: 'Register',
		registerLead:
			'Register with your e-mail address; we send a link to complete your registration.',
		registered: "You're registered for AI Driven Development Day.",
		consent:
			'We e-mail you a link to complete your registration, then news about the day. Unsubscribe any time.',
	},
	'de-DE': {
		title: 'AI Driven Development Day',
		lead: 'Ein Tag mit Vorträgen und Praxis-Sessions über Softwareentwicklung mit KI, von Leuten, die täglich damit ausliefern.',
		when: 'Ein ganzer Tag, live',
		agenda: 'Programm',
		timesIn: (zone: string) => `Zeiten in ${zone}.`,
		passes: 'Tickets',
		passesLead: 'Die Preise richten sich wie beim Kurs nach Ihrem Standort.',
		insteadOf: 'statt ',
		regionalPrice: (country: string, percent: number) =>
			`Regionaler Preis für ${country}: ${percent} % Rabatt.`,
		buyPasses: 'Tickets kaufen',
		register: 'Anmelden',
		registerLead:
			'Melden Sie sich mit Ihrer E-Mail-Adresse an; wir schicken Ihnen einen Link, mit dem Sie die Anmeldung abschließen.',
		registered: 'Sie sind für den AI Driven Development Day angemeldet.',
		consent:
			'Wir schicken Ihnen einen Link zum Abschließen der Anmeldung, danach Neuigkeiten zum Tag. Sie können sich jederzeit abmelden.',
	},
} satisfies Record<Locale, unknown>
