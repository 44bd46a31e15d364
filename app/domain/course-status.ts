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

/** The course's buy button and its section's words for each status. */
export function courseBuyWords(status: string | null | undefined) {
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
