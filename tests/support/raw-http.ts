/**
 * Raw HTTP for the security suites: node:http sends the path and headers exactly as given,
 * where fetch would normalise the URL (`/a/../b`, `//host`) or refuse to set Host.
 */
import http from 'node:http'

export type RawResponse = {
	status: number
	headers: http.IncomingHttpHeaders
	body: string
}

export function rawRequest(
	port: number,
	{
		method = 'GET',
		path,
		headers = {},
		body,
	}: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
	return new Promise((resolve, reject) => {
		const request = http.request(
			{
				host: '127.0.0.1',
				port,
				method,
				path,
				headers:
					body === undefined ? headers : { 'content-length': Buffer.byteLength(body), ...headers },
			},
			(response) => {
				let text = ''
				response.setEncoding('utf8')
				response.on('data', (chunk: string) => {
					text += chunk
				})
				response.on('end', () =>
					resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
				)
			},
		)
		request.on('error', reject)
		request.end(body)
	})
}

/** The honeypot fields a page rendered, as a browser would send them back. */
export async function honeypotFields(baseUrl: string, path: string) {
	const html = await (await fetch(`${baseUrl}${path}`)).text()
	const validFrom = html.match(/name="from__confirm"[^>]*value="([^"]+)"/)?.[1]
	if (!validFrom) throw new Error(`No honeypot fields on ${path}`)
	return { website: '', from__confirm: validFrom }
}

/**
 * The `session=…` cookie of a visitor who saved a profile with `email` through /onboarding, as a
 * browser would; throws with the status when no session came back.
 */
export async function onboardingSession(baseUrl: string, email: string): Promise<string> {
	const response = await fetch(`${baseUrl}/onboarding`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({
			...(await honeypotFields(baseUrl, '/onboarding')),
			firstName: 'Ada',
			lastName: 'Lovelace',
			email,
		}),
	})
	const session = response.headers
		.getSetCookie()
		.find((line) => line.startsWith('session=') && !/Max-Age=0/.test(line))
		?.split(';')[0]
	if (!session) throw new Error(`onboarding answered ${response.status} without a session`)
	return session
}
