/**
 * /admin/messages: the owner's messages and the course's opening (docs/decisions/119). Every
 * send, newest first, with its progress; a link to write a new message; and the course: open it
 * in two steps that work without JavaScript (`?confirm=open-course` says who gets what, its form
 * does it), or when and by whom it was opened.
 */

import { getFormProps } from '@conform-to/react'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { progressText } from '~/components/admin/send-progress'
import { Time } from '~/components/admin/time'
import { AdminHeading, adminMeta, listTableClasses } from '~/components/admin/ui'
import { SubmitButton } from '~/components/button'
import { buttonClasses } from '~/components/button-classes'
import { FormErrors } from '~/components/field'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { countOf, GETS, PERSON, pluralWord } from '~/domain/words'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { ADMIN_HEADERS, requireOwner } from '~/http/owner.server'
import { requireStepUp } from '~/http/step-up.server'
import { redirectWithToast } from '~/http/toast.server'
import { courseOpening, openCourse } from '~/models/course/opening.server'
import { courseAccessCount } from '~/models/course/seat-access.server'
import { listSends } from '~/models/messages/owner-sends.server'
import { readForm } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Messages')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const db = await getDb()
	const confirming = new URL(request.url).searchParams.get('confirm') === 'open-course'
	const courseUrl = getConfig().COURSE_URL ?? null
	const opening = await courseOpening(db)
	return data(
		{
			sends: await listSends(db),
			course: {
				opening,
				courseUrl,
				// Counted only for the confirmation step: who would get the access e-mail now.
				// Each seat's person (decision 156): a claimed seat's holder, an unclaimed one's buyer.
				recipients: confirming && !opening ? await courseAccessCount(db) : null,
			},
		},
		{ headers: ADMIN_HEADERS },
	)
}

export async function action({ request, context }: ActionFunctionArgs) {
	const owner = await requireOwner(request, context)
	const form = await readForm(request)
	const submission = parseForm('adminCourseOpen', form)
	if (submission.status !== 'success')
		return data(submission.reply(), { status: 400, headers: ADMIN_HEADERS })
	// Everyone with a seat gets the access e-mail: it needs a recent second factor (decision 136).
	await requireStepUp(request, context, owner, form)
	const outcome = await openCourse(await getDb(), owner.name)
	if (!outcome.ok)
		return data(submission.reply({ formErrors: [outcome.message] }), {
			status: 409,
			headers: ADMIN_HEADERS,
		})
	return redirectWithToast(
		`/admin/messages/${outcome.sendId}`,
		{
			title: outcome.created
				? 'The course is open: the access e-mails are on their way.'
				: 'The course was open already: nobody gets a second access e-mail.',
			type: 'success',
		},
		context,
		{ status: 303, headers: ADMIN_HEADERS },
	)
}

function CourseOpening() {
	const { course } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const [params] = useSearchParams()
	const [form] = useValidatedForm('adminCourseOpen', { id: 'open-course', lastResult })
	if (course.opening)
		return (
			<p className="text-sm">
				The course opened <Time value={course.opening.openedAt} /> ({course.opening.by}).{' '}
				<Link to={`/admin/messages/${course.opening.sendId}`} className="underline">
					Access e-mails
				</Link>
				. Whoever buys or claims a seat from now on gets theirs within five minutes.
			</p>
		)
	if (!course.courseUrl)
		return (
			<p className="text-sm">
				Set <code>COURSE_URL</code> (where the course is taken) to open the course: the access
				e-mail links it.
			</p>
		)
	if (params.get('confirm') !== 'open-course' && !lastResult)
		return (
			<>
				<p className="text-sm">
					Opening the course makes the site sell access now, and e-mails each seat's person their
					access ({course.courseUrl}): a claimed seat's holder, or the buyer of a seat nobody has
					claimed yet, told how many seats are still to hand out. It also opens by itself on the
					release date in content, unless that date is provisional.
				</p>
				<Link
					to="?confirm=open-course"
					className={buttonClasses('secondary', 'mt-3 inline-block text-sm')}
				>
					Open the course…
				</Link>
			</>
		)
	return (
		<section aria-labelledby="confirm-heading" className="rounded-lg border-2 border-amber-500 p-4">
			<h3 id="confirm-heading" className="text-lg font-semibold">
				Open the course?
			</h3>
			<p className="mt-2 text-sm">
				{course.recipients === null
					? 'Each seat’s person gets'
					: `${countOf(course.recipients, PERSON)} ${pluralWord(course.recipients, GETS)}`}{' '}
				their access e-mail with {course.courseUrl}, each once, at the sending pace, and the site
				sells access now instead of a pre-order. This cannot be undone.
			</p>
			<Form
				method="post"
				{...getFormProps(form)}
				className="mt-4 flex flex-wrap items-center gap-4"
			>
				<input type="hidden" name="intent" value="open-course" />
				<FormErrors id={form.errorId} errors={form.errors} prominent />
				<SubmitButton>Yes, open the course</SubmitButton>
				<Link to="/admin/messages" className="text-sm underline">
					Cancel
				</Link>
			</Form>
		</section>
	)
}

export default function AdminMessages() {
	const { sends } = useLoaderData<typeof loader>()
	return (
		<>
			<AdminHeading title="Messages">
				<Link to="/admin/messages/new" className={buttonClasses('primary', 'text-sm')}>
					Write a message
				</Link>
			</AdminHeading>
			<h2 className="mb-2 font-semibold">The course</h2>
			<div className="mb-8">
				<CourseOpening />
			</div>
			<h2 className="mb-2 font-semibold">Sent</h2>
			{sends.length === 0 ? (
				<p className="text-sm">No messages yet.</p>
			) : (
				<table className={listTableClasses}>
					<thead>
						<tr>
							<th scope="col">Subject</th>
							<th scope="col">To</th>
							<th scope="col">Started</th>
							<th scope="col">Progress</th>
						</tr>
					</thead>
					<tbody>
						{sends.map((send) => (
							<tr key={send.id}>
								<td data-label="Subject">
									<Link to={`/admin/messages/${send.id}`} className="underline">
										{send.kind === 'course_access'
											? 'Course access (the course opened)'
											: send.subject}
									</Link>
								</td>
								<td data-label="To">{send.audience}</td>
								<td data-label="Started">
									<Time value={send.createdAt} />
								</td>
								<td data-label="Progress">{progressText(send.progress)}</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
		</>
	)
}
