/**
 * /workshop/move?token=… (docs/decisions/131): the link of the e-mail a workshop sign-up for an
 * address signed up already sends to that address. Opening it changes nothing (mail scanners
 * open links): the page says which session the place would leave and which it would take, and
 * its button posts here to move it. A tampered or expired link is a 400 that says so.
 */
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
import { PageHeading } from '~/components/layouts'
import { getDb } from '~/db/client.server'
import { formatEventWhen } from '~/domain/dates'
import {
	type MoveOutcome,
	moveWorkshopSignup,
	planWorkshopMove,
	readMoveLink,
} from '~/models/events/workshop-signup.server'
import { pageMeta } from '~/utils/meta'
import { readForm } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: 'Move your workshop place', noindex: true })

// The page carries a personal link: no shared cache may keep it.
const noStore = { 'Cache-Control': 'private, no-store' }
export const headers = () => noStore

const LINK_MESSAGES = {
	invalid:
		'This link is not valid. Please open the link from the e-mail as it is, all of it, or sign up again on the workshop page.',
	expired: 'This link has expired. Please sign up again on the workshop page.',
} as const

const OUTCOMES: Record<Exclude<MoveOutcome, 'ready'>, { title: string; lead: string }> = {
	moved: {
		title: 'Your place is moved',
		lead: 'A confirmation naming your new session, with its calendar file, is on its way.',
	},
	already: {
		title: 'You are in this session',
		lead: 'Your place is already in this session: nothing to change.',
	},
	full: {
		title: 'That session is full',
		lead: 'The session filled up before you moved: you keep the place you had.',
	},
	begun: { title: 'That session has begun', lead: 'You keep the place you had.' },
	unknown: {
		title: 'That session is not offered any more',
		lead: 'You keep the place you had.',
	},
	gone: {
		title: 'This sign-up no longer exists',
		lead: 'Please sign up again on the workshop page.',
	},
}

const when = (event: { start: string; end: string; timeZone: string } | undefined) =>
	event ? formatEventWhen(event) : null

export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token')
	const link = readMoveLink(token)
	if (!link.ok)
		throw data({ message: LINK_MESSAGES[link.reason] }, { status: 400, headers: noStore })
	const plan = await planWorkshopMove(await getDb(), link)
	if (plan.status !== 'ready' && plan.status !== 'already')
		return data({ state: plan.status, token, from: null, to: null }, { headers: noStore })
	return data(
		{ state: plan.status, token, from: when(plan.from), to: when(plan.to) },
		{ headers: noStore },
	)
}

export async function action({ request, context }: ActionFunctionArgs) {
	const form = await readForm(request)
	const link = readMoveLink(String(form.get('token') ?? ''))
	if (!link.ok)
		return data(
			{ outcome: null, message: LINK_MESSAGES[link.reason] },
			{ status: 400, headers: noStore },
		)
	const outcome = await moveWorkshopSignup(await getDb(), link, context.origin)
	return data(
		{ outcome: outcome === 'ready' ? 'already' : outcome, message: null },
		{ status: outcome === 'moved' || outcome === 'already' ? 200 : 409, headers: noStore },
	)
}

export default function MoveWorkshopPlace() {
	const { state, token, from, to } = useLoaderData<typeof loader>()
	const done = useActionData<typeof action>()
	const back = (
		<Link to="/workshop" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
			The workshop page
		</Link>
	)
	if (done) {
		const shown = done.outcome ? OUTCOMES[done.outcome] : null
		return (
			<>
				<PageHeading
					title={shown?.title ?? 'This link did not work'}
					lead={shown?.lead ?? done.message ?? ''}
				/>
				{back}
			</>
		)
	}
	if (state !== 'ready') {
		const shown = OUTCOMES[state]
		return (
			<>
				<PageHeading title={shown.title} lead={shown.lead} />
				{back}
			</>
		)
	}
	return (
		<>
			<PageHeading
				title="Move your workshop place?"
				lead={
					from
						? `You are signed up for the session on ${from}. Move to ${to}?`
						: `Move your workshop sign-up to the session on ${to}?`
				}
			/>
			<Form method="post" className="mb-8 space-y-3">
				<input type="hidden" name="token" value={token ?? ''} />
				<SubmitButton>Move me to this session</SubmitButton>
				<p className="text-sm text-slate-700 dark:text-slate-300">
					Not you, or changed your mind? Leave this page: nothing changes.
				</p>
			</Form>
			{back}
		</>
	)
}

/** A link that did not verify says so. */
export function ErrorBoundary() {
	const error = useRouteError()
	if (!isRouteErrorResponse(error) || error.status !== 400) return <SiteErrorBoundary />
	return (
		<>
			<PageHeading
				title="This link did not work"
				lead={(error.data as { message?: string } | undefined)?.message ?? LINK_MESSAGES.invalid}
			/>
			<Link to="/workshop" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
				The workshop page
			</Link>
		</>
	)
}
