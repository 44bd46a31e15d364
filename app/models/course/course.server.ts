/** The course and its seat counters (SPEC §3, §5, §9). */
import { and, eq, gt, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { rowsOf } from '~/db/query.server'
import { cachedRead } from '~/db/read-cache.server'
import { catalogItems, courses, type FaqEntry, orders } from '~/db/schema.server'
import { COURSE_SLUG } from '~/db/seed-data'
import { type CourseCounters, courseCounters } from '~/domain/course-counters'

export type Course = {
	slug: string
	name: string
	status: string
	faq: FaqEntry[]
} & CourseCounters

/** Seats paid for: the quantities of paid orders of the course's seat items. */
export async function countPaidSeats(db: Db, courseSlug: string): Promise<number> {
	const [row] = await db
		.select({ seats: sql<number>`coalesce(sum(${orders.quantity}), 0)::int` })
		.from(orders)
		.innerJoin(catalogItems, eq(catalogItems.code, orders.itemCode))
		.where(and(eq(catalogItems.courseSlug, courseSlug), eq(orders.status, 'paid')))
	return Number(row?.seats ?? 0)
}

/** Seats held by unpaid checkouts whose reservation has not ended (docs/decisions/031, 033). */
async function countHeldSeats(db: Db, courseSlug: string): Promise<number> {
	const [row] = await db
		.select({ seats: sql<number>`coalesce(sum(${orders.quantity}), 0)::int` })
		.from(orders)
		.innerJoin(catalogItems, eq(catalogItems.code, orders.itemCode))
		.where(
			and(
				eq(catalogItems.courseSlug, courseSlug),
				eq(orders.status, 'pending'),
				gt(orders.expiresAt, sql`now()`),
			),
		)
	return Number(row?.seats ?? 0)
}

/** Seats the people on the course's waiting lists wait for (0029's `seat_pool_waiting`). */
async function countWaitingSeats(db: Db, courseSlug: string): Promise<number> {
	const [row] = rowsOf(
		await db.execute(sql`SELECT seat_pool_waiting(${courseSlug}, ${null}) AS seats`),
	)
	return Number(row?.seats ?? 0)
}

export async function loadCourse(
	db: Db,
	{ slug, capacity }: { slug: string; capacity: number },
): Promise<Course | null> {
	const [course] = await db
		.select({
			slug: courses.slug,
			name: courses.name,
			status: courses.status,
			faq: courses.faq,
		})
		.from(courses)
		.where(eq(courses.slug, slug))
	if (!course) return null
	const [actualSold, held, waiting] = await Promise.all([
		countPaidSeats(db, slug),
		countHeldSeats(db, slug),
		countWaitingSeats(db, slug),
	])
	return { ...course, ...courseCounters({ actualSlot: capacity, actualSold, held, waiting }) }
}

/** The course on sale, with counters for COURSE_SLOTS seats; cached briefly. */
export async function getCourse(db: Db): Promise<Course> {
	const course = await cachedRead(`course:${COURSE_SLUG}`, () =>
		loadCourse(db, { slug: COURSE_SLUG, capacity: getConfig().COURSE_SLOTS }),
	)
	if (!course) throw new Error(`The course ${COURSE_SLUG} is missing: was the database seeded?`)
	return course
}

/**
 * The course's status alone (`courseIsOpen` reads it), cached like the course: one indexed read
 * where getCourse would count every paid and held seat again after each sale, which a receipt
 * does not show (issue 35 item 3).
 */
export async function getCourseStatus(db: Db): Promise<string> {
	const status = await cachedRead(`course-status:${COURSE_SLUG}`, async () => {
		const [course] = await db
			.select({ status: courses.status })
			.from(courses)
			.where(eq(courses.slug, COURSE_SLUG))
		return course?.status ?? null
	})
	if (status === null)
		throw new Error(`The course ${COURSE_SLUG} is missing: was the database seeded?`)
	return status
}

/** Seats actually paid for (GET /api/purchase-count). */
export async function getPurchaseCount(db: Db): Promise<number> {
	return (await getCourse(db)).actualSold
}
