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
import { useLocale } from '~/components/use-locale'
import { getDb } from '~/db/client.server'
import { courseIsOpen } from '~/domain/course-status'
import type { Locale } from '~/domain/locale'
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

/** The page's words per language (decisions 175, 177), for a seat of the course or a pass. */
const COPY = {
	'en-US': {
		title: { seat: 'Your seat', pass: 'Your pass' },
		claimedBy: (unit: Unit, name: string) => `This ${unit} has already been claimed by ${name}.`,
		intro: {
			seatOpen:
				'Claim this seat with the name and e-mail of the person taking the course: the course is open, and we e-mail them a confirmation now and their access within minutes.',
			seat: 'Claim this seat with the name and e-mail of the person taking the course: we e-mail them a confirmation, and their access when the course opens.',
			pass: 'Claim this pass with the name and e-mail of the person attending: we e-mail them a confirmation with the date and the calendar file.',
		},
		name: 'Name',
		email: 'Email',
		submit: { seat: 'Claim seat', pass: 'Claim pass' },
	},
	'de-DE': {
		title: { seat: 'Ihr Platz', pass: 'Ihr Pass' },
		claimedBy: (unit: Unit, name: string) =>
			`Dieser ${unit === 'seat' ? 'Platz' : 'Pass'} wurde schon von ${name} eingelöst.`,
		intro: {
			seatOpen:
				'Lösen Sie diesen Platz mit Namen und E-Mail-Adresse der Person ein, die den Kurs macht: Der Kurs ist geöffnet, wir schicken ihr jetzt eine Bestätigung und innerhalb weniger Minuten ihren Zugang.',
			seat: 'Lösen Sie diesen Platz mit Namen und E-Mail-Adresse der Person ein, die den Kurs macht: Wir schicken ihr eine Bestätigung und ihren Zugang, wenn der Kurs öffnet.',
			pass: 'Lösen Sie diesen Pass mit Namen und E-Mail-Adresse der Person ein, die teilnimmt: Wir schicken ihr eine Bestätigung mit dem Datum und der Kalenderdatei.',
		},
		name: 'Name',
		email: 'E-Mail',
		submit: { seat: 'Platz einlösen', pass: 'Pass einlösen' },
	},
} satisfies Record<Locale, unknown>

export const meta: MetaFunction<typeof loader> = (args) =>
	pageMeta(args, {
		title: COPY[localeOfPath(args.location.pathname)].title[args.data?.unit ?? 'pass'],
		noindex: true,
	})

type Unit = 'seat' | 'pass'
/** What the page calls what it shows: a seat of the course, or a pass for the day. */
const unitOf = (itemType: string): Unit => (itemType === 'course' ? 'seat' : 'pass')

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
	const locale = useLocale()
	const copy = COPY[locale]
	return (
		<LeadLayout>
			<PageHeading title={copy.title[pass.unit]} lead={<ItemName name={pass.itemName} />} />
			{pass.claimedBy ? (
				<p role="status">
					{copy.claimedBy(pass.unit, pass.claimedBy)}{' '}
					<Link to={localePath('/', locale)} className="underline">
						{t('backToHome', locale)}
					</Link>
				</p>
			) : (
				<Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-2">
					<p className="mb-4">
						{pass.unit === 'seat' && pass.courseOpen ? copy.intro.seatOpen : copy.intro[pass.unit]}
					</p>
					<Field label={copy.name} meta={fields.name} inputProps={{ autoComplete: 'name' }} />
					<Field
						label={copy.email}
						meta={fields.email}
						type="email"
						inputProps={{ autoComplete: 'email' }}
					/>
					<FormErrors id={form.errorId} errors={form.errors} prominent />
					<SubmitButton>{copy.submit[pass.unit]}</SubmitButton>
				</Form>
			)}
		</LeadLayout>
	)
}

/** The item's name: the owner's catalogue text, English for now, marked so on a German page (175). */
function ItemName({ name }: { name: string }) {
	return useLocale() === 'de-DE' ? <span lang="en">{name}</span> : name
}
