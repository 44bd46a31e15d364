/**
 * GitHub's OAuth web flow, client side (docs/decisions/040): the authorize URL, the code
 * exchange, the user and their e-mails. It talks to whatever `oauthUrl`/`apiUrl` point at —
 * github.com, GitHub Enterprise, the embedded emulator or a test peer — in GitHub's wire format.
 * Every call is bounded by `timeoutMs`; every failure becomes a GitHubError with a reason.
 */
import { z } from 'zod'

export type GitHubClient = {
	clientId: string
	clientSecret: string
	oauthUrl: string
	apiUrl: string
	timeoutMs: number
	/** The transport; the embedded emulator is reached in-process (docs/decisions/041). */
	fetch: typeof fetch
}

/** The scope that lets us read the visitor's e-mail addresses (SPEC §2). */
const GITHUB_SCOPE = 'user:email'

export type GitHubErrorReason =
	/** The code is wrong, expired or already used. */
	| 'bad_code'
	/** GitHub did not answer within the timeout. */
	| 'timeout'
	/** GitHub could not be reached or answered something unusable (5xx, HTML, ...). */
	| 'unavailable'
	/** GitHub refused our credentials or redirect address: a configuration problem. */
	| 'rejected'

export class GitHubError extends Error {
	name = 'GitHubError'
	constructor(
		readonly reason: GitHubErrorReason,
		message: string,
	) {
		super(message)
	}
}

export function authorizeUrl(
	client: Pick<GitHubClient, 'clientId' | 'oauthUrl'>,
	{ redirectUri, state }: { redirectUri: string; state: string },
): string {
	const url = new URL(`${client.oauthUrl}/login/oauth/authorize`)
	url.searchParams.set('client_id', client.clientId)
	url.searchParams.set('redirect_uri', redirectUri)
	url.searchParams.set('scope', GITHUB_SCOPE)
	url.searchParams.set('state', state)
	url.searchParams.set('allow_signup', 'true')
	return url.href
}

async function call(client: GitHubClient, url: string, init: RequestInit): Promise<unknown> {
	let response: Response
	try {
		response = await client.fetch(url, {
			...init,
			headers: { 'User-Agent': 'ai-driven-dev-site', ...init.headers },
			signal: AbortSignal.timeout(client.timeoutMs),
			redirect: 'error',
		})
	} catch (error) {
		const name = (error as Error).name
		if (name === 'TimeoutError' || name === 'AbortError') {
			throw new GitHubError('timeout', `No answer from ${url} within ${client.timeoutMs} ms`)
		}
		throw new GitHubError('unavailable', `${url} could not be reached: ${(error as Error).message}`)
	}
	let body: unknown
	try {
		// Reading the body is still under the timeout's signal.
		body = await response.json()
	} catch (error) {
		const name = (error as Error).name
		if (name === 'TimeoutError' || name === 'AbortError') {
			throw new GitHubError('timeout', `No answer from ${url} within ${client.timeoutMs} ms`)
		}
		throw new GitHubError('unavailable', `${url} answered ${response.status} without JSON`)
	}
	if (response.status === 401 || response.status === 403) {
		throw new GitHubError('rejected', `${url} answered ${response.status}`)
	}
	if (!response.ok) throw new GitHubError('unavailable', `${url} answered ${response.status}`)
	return body
}

const tokenAnswer = z.union([
	z.object({ access_token: z.string().min(1), scope: z.string().optional() }),
	z.object({ error: z.string(), error_description: z.string().optional() }),
])

/** Exchanges the code from the callback for an access token (server side, with the secret). */
export async function exchangeCode(
	client: GitHubClient,
	{ code, redirectUri }: { code: string; redirectUri: string },
): Promise<string> {
	const url = `${client.oauthUrl}/login/oauth/access_token`
	const body = await call(client, url, {
		method: 'POST',
		headers: {
			Accept: 'application/json',
			'Content-Type': 'application/x-www-form-urlencoded',
		},
		body: new URLSearchParams({
			client_id: client.clientId,
			client_secret: client.clientSecret,
			code,
			redirect_uri: redirectUri,
		}),
	})
	const answer = tokenAnswer.safeParse(body)
	if (!answer.success) throw new GitHubError('unavailable', `${url} answered an unknown shape`)
	if ('error' in answer.data) {
		const { error, error_description } = answer.data
		throw new GitHubError(
			error === 'bad_verification_code' ? 'bad_code' : 'rejected',
			`${error}: ${error_description ?? ''}`,
		)
	}
	return answer.data.access_token
}

const apiHeaders = (token: string) => ({
	Accept: 'application/vnd.github+json',
	Authorization: `Bearer ${token}`,
	'X-GitHub-Api-Version': '2022-11-28',
})

const userAnswer = z.object({
	// The account's permanent id: a login can be renamed and then taken by someone else.
	id: z.number().int().positive(),
	login: z.string().min(1),
	name: z.string().nullish(),
	avatar_url: z.string().nullish(),
})

export type GitHubUser = {
	id: number
	login: string
	name: string | null
	avatarUrl: string | null
}

export async function fetchUser(client: GitHubClient, token: string): Promise<GitHubUser> {
	const url = `${client.apiUrl}/user`
	const answer = userAnswer.safeParse(await call(client, url, { headers: apiHeaders(token) }))
	if (!answer.success) throw new GitHubError('unavailable', `${url} answered an unknown shape`)
	const { id, login, name, avatar_url } = answer.data
	return { id, login, name: name ?? null, avatarUrl: avatar_url ?? null }
}

const emailsAnswer = z.array(
	z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }),
)

/** The visitor's primary e-mail address if GitHub has verified it, else null. */
export async function fetchPrimaryVerifiedEmail(
	client: GitHubClient,
	token: string,
): Promise<string | null> {
	const url = `${client.apiUrl}/user/emails`
	const answer = emailsAnswer.safeParse(await call(client, url, { headers: apiHeaders(token) }))
	if (!answer.success) throw new GitHubError('unavailable', `${url} answered an unknown shape`)
	return answer.data.find((email) => email.primary && email.verified)?.email ?? null
}
