/**
 * /admin/messages/new: the owner writes a message (docs/decisions/119). One form, three buttons,
 * each a plain POST that works without JavaScript: Preview (the e-mail as a recipient sees it,
 * and how many get it), Send a test (to the address given, marked as a test), and Send, offered
 * once a preview has shown the count: the send happens only if the audience still has that many
 * people. A refused value is answered next to its field and nothing is sent.
 */

import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminHeading, adminMeta } from '~/components/admin/ui'
import { Button } from '~/components/button'
import { Field, FormErrors, RadioGroupField, TextareaField } from '~/components/field'
import { getDb } from '~/db/client.server'
import { countOf, GETS, PERSON, pluralWord } from '~/domain/words'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { ADMIN_HEADERS, requireOwner } from '~/http/owner.server'
import { requireStepUp } from '~/http/step-up.server'
import { redirectWithToast } from '~/http/toast.server'
import { audienceChoices } from '~/models/messages/audiences.server'
import {
	type MessageDraft,
	previewMessage,
	sendMessage,
	sendTestMessage,
} from '~/models/messages/owner-sends.server'
import { readForm } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('New message')
export const headers = () => ADMIN_HEADERS

type Preview = { count: number; html: string; text: string }
type ActionData = {
	result: SubmissionResult<string[]>
	preview: Preview | null
	notice: string | null
}

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	return data({ audiences: audienceChoices() }, { headers: ADMIN_HEADERS })
}

export async function action({ request, context }: ActionFunctionArgs) {
	const owner = await requireOwner(request, context)
	const form = await readForm(request)
	const submission = parseForm('adminMessage', form)
	const answer = (
		fields: Omit<ActionData, 'result'>,
		result: SubmissionResult<string[]>,
		status = 200,
	) => data<ActionData>({ result, ...fields }, { status, headers: ADMIN_HEADERS })
	if (submission.status !== 'success')
		return answer({ preview: null, notice: null }, submission.reply(), 400)
	const db = await getDb()
	const { intent, ...value } = submission.value
	const draft: MessageDraft = { subject: value.subject, body: value.body, audience: value.audience }
	const preview = await previewMessage(db, draft)
	if (!preview.ok)
		return answer(
			{ preview: null, notice: null },
			submission.reply({ fieldErrors: preview.fieldErrors }),
			400,
		)
	const shown = { count: preview.count, html: preview.html, text: preview.text }
	if (intent === 'preview') return answer({ preview: shown, notice: null }, submission.reply())
	if (intent === 'test') {
		const sent = await sendTestMessage(db, owner, draft, submission.value.testTo)
		return sent
			? answer(
					{ preview: shown, notice: `A test is on its way to ${submission.value.testTo}.` },
					submission.reply(),
				)
			: answer(
					{ preview: shown, notice: null },
					submission.reply({
						fieldErrors: {
							testTo: ['That address unsubscribed from our e-mails: no test was sent to it'],
						},
					}),
					409,
				)
	}
	// A send to many cannot be called back: it needs a recent second factor (decision 136).
	await requireStepUp(request, context, owner, form)
	const outcome = await sendMessage(db, owner, {
		...draft,
		expectedCount: submission.value.expectedCount,
	})
	if (!outcome.ok)
		return answer(
			{ preview: shown, notice: null },
			submission.reply({ fieldErrors: outcome.fieldErrors }),
			409,
		)
	return redirectWithToast(
		`/admin/messages/${outcome.sendId}`,
		{
			title: `The message is on its way to ${countOf(outcome.count, PERSON)}.`,
			type: 'success',
		},
		context,
		{ status: 303, headers: ADMIN_HEADERS },
	)
}

const MARKDOWN_HINT =
	'Markdown: **bold**, _italic_, [a link](https://…), lists with -, # a heading. HTML shows as text. The footer with the unsubscribe link is added.'

export default function AdminNewMessage() {
	const { audiences } = useLoaderData<typeof loader>()
	const data = useActionData<typeof action>() as ActionData | undefined
	const navigation = useNavigation()
	const pendingIntent =
		navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : null
	const [form, fields] = useValidatedForm('adminMessage', {
		id: 'message-form',
		lastResult: data?.result,
		defaultValue: { subject: '', body: '', audience: '', testTo: '' },
	})
	const preview = data?.preview ?? null
	return (
		<>
			<AdminHeading title="New message">
				<Link to="/admin/messages" className="text-sm underline">
					All messages
				</Link>
			</AdminHeading>
			<Form method="post" {...getFormProps(form)} className="max-w-2xl space-y-4">
				<Field meta={fields.subject} label="Subject" />
				<TextareaField meta={fields.body} label="Message" hint={MARKDOWN_HINT} rows={10} />
				<RadioGroupField meta={fields.audience} legend="Who gets it" options={audiences} stacked />
				<FormErrors id={form.errorId} errors={form.errors} prominent />
				<div className="flex flex-wrap gap-3">
					<Button
						type="submit"
						name="intent"
						value="preview"
						variant="secondary"
						pending={pendingIntent === 'preview'}
					>
						Preview
					</Button>
				</div>
				<fieldset className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
					<legend className="px-1 text-sm font-medium">Test it on yourself</legend>
					<Field meta={fields.testTo} label="Your address" type="email" />
					<Button
						type="submit"
						name="intent"
						value="test"
						variant="secondary"
						pending={pendingIntent === 'test'}
					>
						Send a test
					</Button>
				</fieldset>
				{data?.notice ? (
					<p role="status" className="text-sm font-medium text-green-800 dark:text-green-400">
						{data.notice}
					</p>
				) : null}
				{preview ? (
					<section aria-labelledby="preview-heading" className="space-y-3">
						<h2 id="preview-heading" className="font-semibold">
							Preview
						</h2>
						<p className="text-sm">
							{preview.count === 0
								? 'Nobody is in this audience yet.'
								: `${countOf(preview.count, PERSON)} ${pluralWord(preview.count, GETS)} this message (those who unsubscribed are passed over when it is sent).`}
						</p>
						<iframe
							title="The message as recipients see it"
							sandbox=""
							srcDoc={preview.html}
							className="h-96 w-full rounded border border-slate-200 bg-white dark:border-slate-800"
						/>
						{preview.count > 0 ? (
							<>
								<input type="hidden" name="expectedCount" value={preview.count} />
								<Button type="submit" name="intent" value="send" pending={pendingIntent === 'send'}>
									Send to {countOf(preview.count, PERSON)}
								</Button>
							</>
						) : null}
					</section>
				) : null}
			</Form>
		</>
	)
}
