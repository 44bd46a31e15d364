import {
	type ActionFunctionArgs,
	data,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
} from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { Icon } from '~/components/icons'
import { getEmbeddedEmulator } from '~/integrations/github/settings.server'
import { pageMeta } from '~/utils/meta'
import { notFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: 'GitHub sign-in emulator (local stand-in)' })

function requireEmulator(request: Request, origin: string) {
	const emulator = getEmbeddedEmulator(origin)
	if (!emulator) throw notFound(new URL(request.url).pathname)
	return emulator
}

/**
 * The emulator's stand-in for GitHub's authorize page (docs/decisions/041): the visitor picks a
 * sample account or cancels, and is sent back to the site exactly as GitHub would send them.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const emulator = requireEmulator(request, context.origin)
	const read = emulator.readAuthorizeRequest(new URL(request.url).searchParams)
	if (!read.ok) return data({ error: read.message, request: null, users: [] }, { status: 400 })
	return {
		error: null,
		request: read.request,
		users: emulator.users.map(({ login, name, note, avatarUrl }) => ({
			login,
			name,
			note,
			avatar: avatarUrl ?? `/__github-emulator/avatars/${login}`,
		})),
	}
}

export async function action({ request, context }: ActionFunctionArgs) {
	const emulator = requireEmulator(request, context.origin)
	const form = await request.formData().catch(() => new FormData())
	const params = new URLSearchParams()
	for (const key of ['client_id', 'redirect_uri', 'state', 'scope']) {
		params.set(key, form.get(key)?.toString() ?? '')
	}
	const read = emulator.readAuthorizeRequest(params)
	if (!read.ok) return data({ error: read.message }, { status: 400 })
	if (form.get('decision') === 'deny') return redirect(emulator.deny(read.request))
	const back = emulator.approve(read.request, form.get('login')?.toString() ?? '')
	if (!back) return data({ error: 'Choose one of the sample accounts.' }, { status: 400 })
	return redirect(back)
}

export default function EmulatorAuthorize() {
	const { error, request, users } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto max-w-xl px-4 py-10">
			<p
				role="note"
				className="mb-8 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
			>
				<strong>Local stand-in, not GitHub.</strong> This site has no GitHub OAuth app configured (
				<code>GITHUB_CLIENT_ID</code>), so sign-in goes through this emulator. Pick a sample
				account; nothing leaves this machine. A released site never shows this page.
			</p>
			<div className="flex items-center gap-3">
				<Icon name="github" className="h-8 w-8" />
				<h1 className="text-2xl font-bold">GitHub sign-in emulator</h1>
			</div>
			{error || !request ? (
				<p role="alert" className="mt-6 text-red-700 dark:text-red-300">
					{error}
				</p>
			) : (
				<Form method="post" reloadDocument className="mt-6 space-y-4">
					<p className="text-slate-700 dark:text-slate-300">
						The site asks for your profile and e-mail addresses (scope{' '}
						<code>{request.scope || 'none'}</code>). Continue as:
					</p>
					<input type="hidden" name="client_id" value={request.clientId} />
					<input type="hidden" name="redirect_uri" value={request.redirectUri} />
					<input type="hidden" name="state" value={request.state} />
					<input type="hidden" name="scope" value={request.scope} />
					<ul className="space-y-3">
						{users.map((user) => (
							<li key={user.login}>
								<button
									type="submit"
									name="login"
									value={user.login}
									className="flex w-full items-center gap-4 rounded-lg border border-slate-300 p-3 text-left hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-900"
								>
									<img src={user.avatar} alt="" width={40} height={40} className="rounded-full" />
									<span>
										<span className="block font-semibold">Continue as {user.login}</span>
										<span className="block text-sm text-slate-600 dark:text-slate-400">
											{user.name?.trim() || 'No name on the account'} — {user.note}
										</span>
									</span>
								</button>
							</li>
						))}
					</ul>
					<button
						type="submit"
						name="decision"
						value="deny"
						className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-900"
					>
						Cancel
					</button>
				</Form>
			)}
		</div>
	)
}
