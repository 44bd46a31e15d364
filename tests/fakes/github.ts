/**
 * A standalone GitHub on loopback for the integration tests: the same emulator the site mounts
 * (app/integrations/github/emulator.server.ts) behind a real HTTP server, plus what a test
 * needs — an authorize step that answers at once, recorded requests and injected faults
 * (error statuses, HTML bodies, answers that never come).
 *
 * The site is pointed at it with GITHUB_OAUTH_URL=<url> and GITHUB_API_URL=<url>/api, as it
 * would be at GitHub Enterprise.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createGitHubEmulator } from '../../app/integrations/github/emulator.server'
import { type EmulatorUser, SAMPLE_USERS } from '../../app/integrations/github/emulator-users'

const FAKE_CLIENT_ID = 'fake-client-id'
const FAKE_CLIENT_SECRET = 'fake-client-secret'

/** What to do to requests for `path` ('/login/oauth/access_token', '/user', '/user/emails'). */
export type Fault = { status: number; body?: string } | 'hang'

type RecordedRequest = {
	method: string
	path: string
	headers: http.IncomingHttpHeaders
	body: string
}

/**
 * `port` 0 (the default): any free port. `users`: the accounts (default: the emulator's samples);
 * the fake reads the array on every request, so a test can rename an account or add one.
 */
export async function startFakeGitHub({
	port = 0,
	users = SAMPLE_USERS.map((user) => ({
		...user,
		avatarUrl: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
	})),
}: {
	port?: number
	users?: EmulatorUser[]
} = {}) {
	let baseUrl = ''
	const faults = new Map<string, Fault>()
	const requests: RecordedRequest[] = []
	const hanging = new Set<http.ServerResponse>()
	const emulator = createGitHubEmulator({
		clientId: FAKE_CLIENT_ID,
		clientSecret: FAKE_CLIENT_SECRET,
		signingKey: 'fake-github-signing-key',
		get baseUrl() {
			return baseUrl
		},
		allowRedirect: (uri) => new URL(uri).hostname === '127.0.0.1',
		users,
	})

	const server = http.createServer(async (req, res) => {
		const chunks: Buffer[] = []
		for await (const chunk of req) chunks.push(chunk as Buffer)
		const body = Buffer.concat(chunks).toString('utf8')
		const url = new URL(req.url ?? '/', baseUrl)
		// The API lives under /api, the OAuth pages at the root, like api.github.com and github.com.
		const path = url.pathname.replace(/^\/api(?=\/)/, '')
		requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body })

		const fault = faults.get(path)
		if (fault === 'hang') {
			hanging.add(res)
			return
		}
		if (fault) {
			res.writeHead(fault.status, { 'Content-Type': 'text/html' })
			res.end(fault.body ?? '<h1>Unicorn! This page is taking too long to load.</h1>')
			return
		}

		// The authorize step, without a page: ?login=<user> approves as that user, ?deny=1 cancels.
		if (path === '/login/oauth/authorize') {
			const read = emulator.readAuthorizeRequest(url.searchParams)
			if (!read.ok) {
				res.writeHead(400, { 'Content-Type': 'text/plain' })
				res.end(read.message)
				return
			}
			const location = url.searchParams.has('deny')
				? emulator.deny(read.request)
				: emulator.approve(read.request, url.searchParams.get('login') ?? '')
			res.writeHead(location ? 302 : 400, location ? { Location: location } : {})
			res.end()
			return
		}

		const request = new Request(url, {
			method: req.method,
			headers: Object.entries(req.headers).flatMap(([name, value]) =>
				value === undefined ? [] : [[name, String(value)] as [string, string]],
			),
			body: ['GET', 'HEAD'].includes(req.method ?? 'GET') ? undefined : body,
		})
		const answer =
			(await emulator.handle(request, path)) ??
			Response.json({ message: 'Not Found' }, { status: 404 })
		res.writeHead(answer.status, Object.fromEntries(answer.headers))
		res.end(Buffer.from(await answer.arrayBuffer()))
	})

	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

	return {
		url: baseUrl,
		apiUrl: `${baseUrl}/api`,
		requests,
		/** The environment that points the site at this fake. */
		env: (timeoutMs = 1_000) => ({
			GITHUB_CLIENT_ID: FAKE_CLIENT_ID,
			GITHUB_CLIENT_SECRET: FAKE_CLIENT_SECRET,
			GITHUB_OAUTH_URL: baseUrl,
			GITHUB_API_URL: `${baseUrl}/api`,
			GITHUB_TIMEOUT_MS: String(timeoutMs),
		}),
		fail(path: string, fault: Fault) {
			faults.set(path, fault)
		},
		reset() {
			faults.clear()
			requests.length = 0
			for (const res of hanging) res.destroy()
			hanging.clear()
		},
		async close() {
			for (const res of hanging) res.destroy()
			server.closeAllConnections()
			await new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}

export type FakeGitHub = Awaited<ReturnType<typeof startFakeGitHub>>
