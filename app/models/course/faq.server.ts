import type { Db } from '~/db/client.server'
import type { FaqEntry } from '~/db/schema.server'
import { log } from '~/log.server'
import { getCourse } from './course.server'

/** The course's FAQ for the landing page (SPEC §3: course.faq); empty, and logged, when the database cannot answer. */
export async function getCourseFaq(db: Db): Promise<FaqEntry[]> {
	try {
		return (await getCourse(db)).faq
	} catch (error) {
		log.error({ err: error }, 'The course FAQ could not be loaded')
		return []
	}
}
