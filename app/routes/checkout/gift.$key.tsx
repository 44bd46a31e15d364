/**
 * /gift/:key (docs/decisions/166): the gift buyer's page, linked from their receipt. The key is
 * signed for the order and purpose `gift-change`; the page shows the recipient, message and day
 * as the buyer typed them and lets the buyer change them until the recipient claims the seat.
 * After the claim the page says so and a change is refused (409) with that message. A key we did
 * not sign, or an order refunded since, is a 404.
 */
import { getFormProps } from '@conform-to/react'
import {
	type ActionFunctionArgs,
	data,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { FormErrors } from '~/components/field'
import { GiftFields } from '~/components/gift-fields'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { getDb } from '~/db/client.server'
import { formatDay } from '~/domain/dates'
import { giftToday } from '~/domain/gift'
import type { Locale } from '~/domain/locale'
import { giftInputOf } from '~/forms/gift'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { changeGift, readGiftForChange } from '~/models/gifts/gifts.server'
import { localeOfPath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { readForm, requireFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

/** Its words, German under /de (docs/decisions/176). */
const COPY: Record<
	Locale,
	{
		title: string
		lead: (item: string, name: string, email: string, day: string) => string
		saved: (name: string, day: string) => string
		claimed: string
		delivered: string
		changeable: string
		save: string
	}
> = {
	'en-US': {
		title: 'Your gift',
		lead: (item, name, email, day) => `${item} for ${name} (${email}), e-mailed to them on ${day}.`,
		saved: (name, day) => `Saved: ${name} gets the link to claim it on ${day}.`,
		claimed: 'The recipient has claimed this gift already: it can no longer be changed.',
		delivered:
			'The link went to the recipient already. If you change the recipient, that link stops working and the new recipient gets a new one on the day you choose.',
		changeable:
			'Until the recipient claims it, you can change who gets it, your message and the day.',
		save: 'Save the gift',
	},
	'de-DE': {
		title: 'Ihr Geschenk',
		lead: (item, name, email, day) =>
			`${item} für ${name} (${email}), per E-Mail zugestellt am ${day}.`,
		saved: (name, day) => `Gespeichert: ${name} erhält den Link zum Einlösen am ${day}.`,
		claimed:
			'Die beschenkte Person hat dieses Geschenk schon eingelöst: Es kann nicht mehr geändert werden.',
		delivered:
			'Der Link ging schon an die beschenkte Person. Wenn Sie den Empfänger ändern, funktioniert dieser Link nicht mehr, und der neue Empfänger erhält an dem Tag, den Sie wählen, einen neuen.',
		changeable:
			'Bis die beschenkte Person es einlöst, können Sie ändern, wer es erhält, Ihre Nachricht und den Tag.',
		save: 'Geschenk speichern',
	},
}

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title, noindex: true })

// A personal page: never in a shared cache, never kept by the browser for someone else.
const noStore = { 'Cache-Control': 'private, no-store' }

export async function loader({ params, request }: LoaderFunctionArgs) {
	const { pathname } = new URL(request.url)
	const found = requireFound(await readGiftForChange(await getDb(), params.key ?? ''), pathname)
	const { gift } = found
	return data(
		{
			itemName: found.itemName,
			claimed: found.claimed,
			delivered: gift.deliveredAt !== null,
			deliverOn: formatDay(gift.deliverOn, localeOfPath(pathname)),
			values: {
				giftName: gift.recipientName,
				giftEmail: gift.recipientEmail,
				giftMessage: gift.message,
				giftDate: gift.deliverOn,
			},
		},
		{ headers: noStore },
	)
}

export async function action({ params, request }: ActionFunctionArgs) {
	const submission = parseForm('giftChange', await readForm(request))
	if (submission.status !== 'success')
		return data({ result: submission.reply(), changed: false }, { status: 400, headers: noStore })
	const outcome = await changeGift(await getDb(), params.key ?? '', giftInputOf(submission.value))
	requireFound(outcome === 'not-found' ? null : outcome, new URL(request.url).pathname)
	if (outcome === 'claimed')
		return data(
			{
				result: submission.reply({
					formErrors: [COPY[localeOfPath(new URL(request.url).pathname)].claimed],
				}),
				changed: false,
			},
			{ status: 409, headers: noStore },
		)
	return data({ result: submission.reply(), changed: true }, { headers: noStore })
}

export default function GiftPage() {
	const gift = useLoaderData<typeof loader>()
	const answer = useActionData<typeof action>()
	const copy = COPY[useLocale()]
	const [form, fields] = useValidatedForm('giftChange', {
		id: 'gift-change',
		lastResult: answer?.result,
		defaultValue: gift.values,
	})
	return (
		<LeadLayout>
			<PageHeading
				title={copy.title}
				lead={copy.lead(gift.itemName, gift.values.giftName, gift.values.giftEmail, gift.deliverOn)}
			/>
			{answer?.changed ? (
				<p role="status" className="mb-4 font-medium">
					{copy.saved(gift.values.giftName, gift.deliverOn)}
				</p>
			) : null}
			{gift.claimed ? (
				<p role="status">{copy.claimed}</p>
			) : (
				<Form method="post" {...getFormProps(form)} className="flex max-w-xl flex-col gap-2">
					<p className="mb-2">{gift.delivered ? copy.delivered : copy.changeable}</p>
					<GiftFields fields={fields} today={giftToday(new Date())} />
					<FormErrors id={form.errorId} errors={form.errors} prominent />
					<SubmitButton>{copy.save}</SubmitButton>
				</Form>
			)}
		</LeadLayout>
	)
}
