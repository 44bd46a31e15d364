/**
 * /pass/:id, guarded by the pass validator (SPEC §2, §6): a malformed or unknown id, or a pass of
 * an unpaid order, is a 404 with no hint which. A valid pass shows what it is for and lets its
 * holder claim it, once, with a name and an e-mail address. A course seat shared by link is a
 * pass of another kind (docs/decisions/118): the same page, in words about seats.
 */
import { getFormProps } from '@conform-to/react'
import {
	type ActionFunctionArgs,
	data,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { Field, FormErrors } from '~/components/field'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { getDb } from '~/db/client.server'
import { courseIsOpen } from '~/domain/course-status'
import { formConstraints } from '~/forms/constraints.server'
import { MESSAGES } from '~/forms/messages'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { redirectWithinSite } from '~/http/redirect'
import { claimPass, findValidPass } from '~/models/checkout/index.server'
import { getCourse } from '~/models/course/course.server'
import { localeOfPath, localePath, t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { readForm, requireFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction<typeof loader> = (args) =>
	pageMeta(args, { title: args.data?.unit === 'seat' ? 'Your seat' : 'Your pass', noindex: true })

/** What the page calls what it shows: a seat of the course, or a pass for the day. */
const unitOf = (itemType: string) => (itemType === 'course' ? 'seat' : 'pass')

export async function loader({ params, request }: LoaderFunctionArgs) {
	const db = await getDb()
	const pass = requireFound(await findValidPass(db, params.id ?? ''), new URL(request.url).pathname)
	return data(
		{
			id: pass.id,
			// A seat claimed once the course is open brings its access now (docs/decisions/156).
			courseOpen: pass.itemType === 'course' && courseIsOpen((await getCourse(db)).status),
			itemName: pass.itemName,
			unit: unitOf(pass.itemType),
			claimedBy: pass.holderName,
			// The inputs' native rules (required, lengths), from the schema, for pages without JavaScript.
			constraint: formConstraints.passClaim(),
		},
		{ headers: { 'Cache-Control': 'private, no-store' } },
	)
}

export async function action({ params, request, context }: ActionFunctionArgs) {
	const pathname = new URL(request.url).pathname
	const submission = parseForm('passClaim', await readForm(request))
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	const db = await getDb()
	const locale = localeOfPath(pathname)
	const outcome = await claimPass(db, params.id ?? '', submission.value, context.origin, locale)
	requireFound(outcome === 'not-found' ? null : outcome, pathname)
	if (outcome === 'already-claimed') {
		const pass = await findValidPass(db, params.id ?? '')
		const message =
			pass && unitOf(pass.itemType) === 'seat'
				? MESSAGES.seatAlreadyClaimed
				: MESSAGES.passAlreadyClaimed
		return data(submission.reply({ formErrors: [message] }), { status: 409 })
	}
	return redirectWithinSite(
		localePath(`/pass/${encodeURIComponent(params.id ?? '')}/thank-you`, locale),
		'/',
		303,
	)
}

export default function PassPage() {
	const pass = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const [form, fields] = useValidatedForm('passClaim', {
		id: 'claim-pass',
		lastResult,
		constraint: pass.constraint,
	})
	return (
		<LeadLayout>
			<PageHeading title={`Your ${pass.unit}`} lead={pass.itemName} />
			{pass.claimedBy ? (
				<p role="status">
					This {pass.unit} has already been claimed by {pass.claimedBy}.{' '}
					<Link to="/" className="underline">
						{t('backToHome')}
					</Link>
				</p>
			) : (
				<Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-2">
					<p className="mb-4">
						{pass.unit === 'seat' && pass.courseOpen
							? 'Claim this seat with the name and e-mail of the person taking the course: the course is open, and we e-mail them a confirmation now and their access within minutes.'
							: pass.unit === 'seat'
								? 'Claim this seat with the name and e-mail of the person taking the course: we e-mail them a confirmation, and their access when the course opens.'
								: 'Claim this pass with the name and e-mail of the person attending: we e-mail them a confirmation with the date and the calendar file.'}
					</p>
					<Field label="Name" meta={fields.name} inputProps={{ autoComplete: 'name' }} />
					<Field
						label="Email"
						meta={fields.email}
						type="email"
						inputProps={{ autoComplete: 'email' }}
					/>
					<FormErrors id={form.errorId} errors={form.errors} prominent />
					<SubmitButton>{pass.unit === 'seat' ? 'Claim seat' : 'Claim pass'}</SubmitButton>
				</Form>
			)}
		</LeadLayout>
	)
}
