/**
 * /admin/transfers (issue 37 item 2, docs/decisions/170): the bank transfers waiting, the
 * owner's bank-statement import (CAMT.053 or CSV) and its matching screen. Each credit is matched
 * to its transfer by the payment reference and currency and recorded through the owner's own
 * path (decision 168); what does not match is listed with its reason, to assign to an order or
 * dismiss. Every step audited; works without JavaScript.
 */
import { getFormProps } from '@conform-to/react'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AdminHeading, adminMeta } from '~/components/admin/ui'
import { SubmitButton } from '~/components/button'
import { Field, FormErrors } from '~/components/field'
import { getDb } from '~/db/client.server'
import { parseStatement } from '~/domain/transfers/camt053'
import { CSV_COLUMNS } from '~/domain/transfers/statement'
import { STATEMENT_MAX_BYTES } from '~/forms/bank-statement'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { ADMIN_HEADERS, requireOwner } from '~/http/owner.server'
import { redirectWithToast } from '~/http/toast.server'
import {
	assignStatementEntry,
	dismissStatementEntry,
	type ImportSummary,
	importStatement,
	listStatementEntries,
	listWaitingTransfers,
} from '~/models/transfers/index.server'
import { readForm } from '~/utils/responses'
import {
	assignRefusal,
	type EntryAnswer,
	RecentEntries,
	UnmatchedEntries,
	WaitingTransfers,
} from './entries'

export const meta = adminMeta('Bank transfers')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const db = await getDb()
	const [entries, waiting] = await Promise.all([listStatementEntries(db), listWaitingTransfers(db)])
	return data(
		{
			...entries,
			waiting: waiting.map((row) => ({ ...row, dueAt: row.dueAt.toISOString() })),
		},
		{ headers: ADMIN_HEADERS },
	)
}

function importWords(summary: ImportSummary): string {
	const parts = [
		`${summary.read} ${summary.read === 1 ? 'payment' : 'payments'} read`,
		`${summary.paid} paid`,
		`${summary.partlyPaid} partly paid`,
		`${summary.unmatched} to assign`,
	]
	if (summary.alreadyImported > 0) parts.push(`${summary.alreadyImported} already imported`)
	return `Statement imported (${summary.format}): ${parts.join(', ')}.`
}

/** A refusal, for the form it answers (the import, or one entry's assign or dismiss). */
const answer = (body: EntryAnswer, status: 400 | 409) =>
	data(body, { status, headers: ADMIN_HEADERS })
const toTransfers = (title: string, context: ActionFunctionArgs['context']) =>
	redirectWithToast('/admin/transfers', { title, type: 'success' }, context, {
		status: 303,
		headers: ADMIN_HEADERS,
	})

export async function action({ request, context }: ActionFunctionArgs) {
	const owner = await requireOwner(request, context)
	const form = await readForm(request)
	const db = await getDb()
	const intent = form.get('intent')
	if (intent === 'assign' || intent === 'dismiss') {
		const entry = String(form.get('entry') ?? '')
		if (intent === 'dismiss') {
			const submission = parseForm('adminStatementDismiss', form)
			if (submission.status === 'success' && (await dismissStatementEntry(db, entry, owner.name)))
				return toTransfers('Dismissed: the payment is set aside.', context)
			const result = submission.reply({ formErrors: ['This entry is not on the list any more.'] })
			return answer({ intent, entry, result }, 409)
		}
		const submission = parseForm('adminStatementAssign', form)
		if (submission.status !== 'success')
			return answer({ intent, entry, result: submission.reply() }, 400)
		const assigned = await assignStatementEntry(db, entry, submission.value.order, owner.name)
		if ('refused' in assigned)
			return answer(
				{
					intent,
					entry,
					result: submission.reply({ fieldErrors: { order: [assignRefusal(assigned.refused)] } }),
				},
				409,
			)
		return toTransfers(
			assigned.status === 'paid'
				? 'Assigned and paid: the seat links and the receipt are on their way to the buyer.'
				: 'Assigned: recorded, the rest stays due.',
			context,
		)
	}
	const submission = parseForm('adminStatementImport', form)
	if (submission.status !== 'success')
		return answer({ intent: 'import', entry: null, result: submission.reply() }, 400)
	const parsed = parseStatement(await submission.value.statement.text())
	if (!parsed.ok)
		return answer(
			{
				intent: 'import',
				entry: null,
				result: submission.reply({ fieldErrors: { statement: [parsed.error] } }),
			},
			400,
		)
	return toTransfers(importWords(await importStatement(db, parsed, owner.name)), context)
}

function ImportForm({ lastResult }: { lastResult: EntryAnswer['result'] | undefined }) {
	const [form, fields] = useValidatedForm('adminStatementImport', { id: 'statement', lastResult })
	return (
		<Form
			method="post"
			encType="multipart/form-data"
			{...getFormProps(form)}
			className="flex max-w-xl flex-col gap-2"
		>
			<input type="hidden" name="intent" value="import" />
			<Field
				label="Bank statement"
				type="file"
				meta={fields.statement}
				hint={`CAMT.053 (.xml), or CSV with the columns ${CSV_COLUMNS.join(', ')}; at most ${STATEMENT_MAX_BYTES / 1024 / 1024} MB. Importing a statement twice records nothing twice.`}
				inputProps={{ accept: '.xml,.csv,text/xml,application/xml,text/csv' }}
			/>
			<FormErrors id={form.errorId} errors={form.errors} prominent />
			<SubmitButton>Import the statement</SubmitButton>
		</Form>
	)
}

/** The action's answer: a refusal for one of the page's forms (a success redirects). */
function useAnswer(): EntryAnswer | null {
	return (useActionData<typeof action>() as EntryAnswer | undefined) ?? null
}

export default function BankTransfers() {
	const { unmatched, resolved, waiting } = useLoaderData<typeof loader>()
	const answer = useAnswer()
	return (
		<>
			<AdminHeading title="Bank transfers" />
			<section aria-labelledby="import" className="mb-8">
				<h2 id="import" className="mb-2 font-semibold">
					Import a bank statement
				</h2>
				<ImportForm lastResult={answer?.intent === 'import' ? answer.result : undefined} />
			</section>
			<UnmatchedEntries entries={unmatched} answer={answer?.intent === 'import' ? null : answer} />
			<WaitingTransfers transfers={waiting} />
			<RecentEntries entries={resolved} />
		</>
	)
}
