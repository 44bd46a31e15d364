import { DEFAULT_LOCALE, type Locale } from './locale'

/**
 * The course's status (SPEC §3: it starts as `pre_order`; decision 156 adds `open`): before the
 * opening a seat is a pre-order, access comes when the course opens; once it is open a seat is
 * access now. The pages and e-mails pick their words here, so they all agree with the record.
 */
export type CourseStatus = 'pre_order' | 'open'

/** Whether `status` (as stored, or from `/api/course`) says the course is open. */
export function courseIsOpen(status: string | null | undefined): boolean {
	return status === 'open'
}

/** The course's buy button and its section's words for each status, in `locale`. */
export function courseBuyWords(status: string | null | undefined, locale: Locale = DEFAULT_LOCALE) {
	if (locale === 'de-DE')
		return courseIsOpen(status)
			? {
					button: 'Jetzt einschreiben: sofort Zugang',
					heading: 'Jetzt einschreiben',
					lead: 'Der Kurs ist geöffnet. Schreiben Sie sich ein und legen Sie heute los: Ihren Zugang schicken wir Ihnen wenige Minuten nach Ihrer Zahlung per E-Mail.',
				}
			: {
					button: 'Platz vorbestellen',
					heading: 'Jetzt vorbestellen',
					lead: 'Der Kurs öffnet bald. Bestellen Sie jetzt vor und sichern Sie sich Ihren Platz zum Einführungspreis.',
				}
	return courseIsOpen(status)
		? {
				button: 'Enrol: access now',
				heading: 'Enrol now',
				lead: 'The course is open. Enrol and start today: we e-mail your access within minutes of your payment.',
			}
		: {
				button: 'Pre-order your seat',
				heading: 'Pre-order now',
				lead: 'The course opens soon. Pre-order to lock in your seat at the launch price.',
			}
}
