/**
 * /email-preferences?token=… (docs/decisions/109): the page every list e-mail links to, signed
 * for its recipient, no sign-in. Opening it changes nothing (link scanners open every link); its
 * button unsubscribes the address from everything, or resubscribes it. A tampered or truncated
 * link is a 400 page that says so. Works without JavaScript.
 */
import { getFormProps } from '@conform-to/react'
import {
	type ActionFunctionArgs,
	data,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import {
	Form,
	isRouteErrorResponse,
	Link,
	useActionData,
	useLoaderData,
	useRouteError,
} from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { SiteErrorBoundary } from '~/components/error-boundary'
import { FormErrors } from '~/components/field'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { verifyUnsubscribeToken } from '~/models/links/signed-token.server'
import { isUnsubscribed, resubscribe, unsubscribe } from '~/models/preferences/preferences.server'
import { t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { readForm } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: 'E-mail preferences', noindex: true })

// The page names the address: no shared cache may keep it.
const PRIVATE = { 'Cache-Control': 'private, no-store' }

const INVALID_LINK =
	'This link is not valid. Please open the link from one of our e-mails as it is, all of it.'

/** The address the link is signed for, or the 400 page that says the link did not work. */
function addressOf(request: Request): string {
	const token = new URL(request.url).searchParams.get('token')
	const email = verifyUnsubscribeToken(token, getConfig().SESSION_SECRET)
	if (!email) throw data({ message: INVALID_LINK }, { status: 400, headers: PRIVATE })
	return email
}

export async function loader({ request }: LoaderFunctionArgs) {
	const email = addressOf(request)
	return data(
		{ email, unsubscribed: await isUnsubscribed(await getDb(), email) },
		{ headers: PRIVATE },
	)
}

export async function action({ request }: ActionFunctionArgs) {
	const email = addressOf(request)
	const submission = parseForm('emailPreferences', await readForm(request))
	if (submission.status !== 'success')
		return data(submission.reply(), { status: 400, headers: PRIVATE })
	const db = await getDb()
	if (submission.value.intent === 'unsubscribe') await unsubscribe(db, email)
	else await resubscribe(db, email)
	return data(submission.reply({ resetForm: true }), { headers: PRIVATE })
}

export default function EmailPreferences() {
	const { email, unsubscribed } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const [form] = useValidatedForm('emailPreferences', { id: 'email-preferences', lastResult })
	return (
		<LeadLayout>
			<PageHeading title="Your e-mail preferences" lead={email} />
			<p role="status" className="mb-4">
				{unsubscribed
					? 'You are unsubscribed: we send this address no reminders, messages or news.'
					: 'You get our e-mails: the reminders of what you signed up for, messages from the course team and news.'}
			</p>
			<p className="mb-6 text-slate-700 dark:text-slate-300">
				Receipts for what you buy, and the confirmation of a sign-up you make, reach you either way.
			</p>
			<Form method="post" {...getFormProps(form)} className="mb-10">
				<input type="hidden" name="intent" value={unsubscribed ? 'resubscribe' : 'unsubscribe'} />
				<FormErrors id={form.errorId} errors={form.errors} prominent />
				<SubmitButton>{unsubscribed ? 'Resubscribe' : 'Unsubscribe from all e-mails'}</SubmitButton>
			</Form>
			<Link to="/" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
				{t('backToHome')}
			</Link>
		</LeadLayout>
	)
}

/** A link that did not verify says so; anything else is the site's error page. */
export function ErrorBoundary() {
	const error = useRouteError()
	if (!isRouteErrorResponse(error) || error.status !== 400) return <SiteErrorBoundary />
	return (
		<LeadLayout>
			<PageHeading title="This link did not work" lead={INVALID_LINK} />
			<Link to="/" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
				{t('backToHome')}
			</Link>
		</LeadLayout>
	)
}
