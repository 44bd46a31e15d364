/**
 * /upgrade (docs/decisions/165): a day-pass holder asks for their upgrade credit. The address is
 * mailed one link per pass it holds with credit left; the answer is the same whether it holds one
 * or not, so the form tells nobody who holds a pass, and only that mailbox can spend the credit.
 */
import { getFormProps } from '@conform-to/react'
import {
	type ActionFunctionArgs,
	data,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { Field, FormErrors } from '~/components/field'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import type { Locale } from '~/domain/locale'
import { countOf, DAYS, type PluralForms } from '~/domain/words'
import { formConstraints } from '~/forms/constraints.server'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { redirectWithinSite } from '~/http/redirect'
import { sendUpgradeCreditLinks } from '~/models/checkout/index.server'
import { getCourse } from '~/models/course/course.server'
import { localeOfPath, localePath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { readForm } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

/** Its words, German under /de (docs/decisions/176). */
const COPY: Record<
	Locale,
	{
		title: string
		lead: (course: string, days: string) => string
		sent: string
		email: string
		send: string
	}
> = {
	'en-US': {
		title: 'Upgrade your day pass',
		lead: (course, days) =>
			`Hold a paid day pass? What you paid for it comes off one ${course}, bought until ${days} after the day.`,
		sent: 'If that address holds a day pass with credit left, we send it a link to buy the course with the credit; only that link spends it.',
		email: 'The e-mail address holding your pass',
		send: 'Send me my upgrade link',
	},
	'de-DE': {
		title: 'Ihren Tagespass upgraden',
		lead: (course, days) =>
			`Sie haben einen bezahlten Tagespass? Was Sie dafür bezahlt haben, wird auf einen ${course} angerechnet, gekauft bis ${days} nach dem Tag.`,
		sent: 'Wenn zu dieser Adresse ein Tagespass mit Guthaben gehört, schicken wir ihr einen Link, um den Kurs mit dem Guthaben zu kaufen; nur dieser Link verbraucht es.',
		email: 'Die E-Mail-Adresse, zu der Ihr Pass gehört',
		send: 'Meinen Upgrade-Link senden',
	},
}

/** "3 days", "3 Tage". */
const DAYS_IN: Record<Locale, PluralForms> = {
	'en-US': DAYS,
	'de-DE': { one: 'Tag', other: 'Tage' },
}

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title, noindex: true })

export async function loader({ request }: LoaderFunctionArgs) {
	const course = await getCourse(await getDb())
	const locale = localeOfPath(new URL(request.url).pathname)
	return data(
		{
			courseName: course.name,
			days: countOf(getConfig().UPGRADE_CREDIT_DAYS, DAYS_IN[locale], locale),
			constraint: formConstraints.upgradeCredit(),
		},
		{ headers: { 'Cache-Control': 'private, no-store' } },
	)
}

export async function action({ request, context }: ActionFunctionArgs) {
	const submission = parseForm('upgradeCredit', await readForm(request))
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	const db = await getDb()
	const course = await getCourse(db)
	await sendUpgradeCreditLinks(db, {
		email: submission.value.email,
		origin: context.origin,
		courseName: course.name,
	})
	const locale = localeOfPath(new URL(request.url).pathname)
	return redirectWithinSite(localePath('/upgrade?sent=1', locale), '/upgrade', 303)
}

export default function UpgradePage() {
	const { constraint, courseName, days } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const [searchParams] = useSearchParams()
	const copy = COPY[useLocale()]
	const [form, fields] = useValidatedForm('upgradeCredit', {
		id: 'upgrade-credit',
		lastResult,
		constraint,
	})
	return (
		<LeadLayout>
			<PageHeading title={copy.title} lead={copy.lead(courseName, days)} />
			{searchParams.get('sent') ? (
				<p role="status" className="mb-6">
					{copy.sent}
				</p>
			) : null}
			<Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-2">
				<Field
					label={copy.email}
					meta={fields.email}
					type="email"
					inputProps={{ autoComplete: 'email' }}
				/>
				<FormErrors id={form.errorId} errors={form.errors} prominent />
				<SubmitButton>{copy.send}</SubmitButton>
			</Form>
		</LeadLayout>
	)
}
