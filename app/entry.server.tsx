import { PassThrough } from 'node:stream'
import {
	type AppLoadContext,
	createReadableStreamFromReadable,
	type EntryContext,
	type HandleErrorFunction,
} from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { documentCacheControl } from '~/utils/cache-control.server'
import { redact } from '~/utils/redact'
import { RequestContextProvider } from '~/utils/request-context'

const ABORT_DELAY = 5_000

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
	loadContext: AppLoadContext,
) {
	const isBot = isbot(request.headers.get('user-agent'))
	// Bots do not see the error page (SPEC §2): the status stays, the error is only logged.
	if (isBot) logErrorsForBot(request, remixContext)
	const nonce = loadContext.cspNonce ?? ''
	// A page is as private as its most private loader (docs/decisions/068).
	documentCacheControl(responseHeaders, remixContext.staticHandlerContext.loaderHeaders)

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const { pipe, abort } = renderToPipeableStream(
			<RequestContextProvider value={{ nonce, isBot }}>
				<RemixServer
					context={remixContext}
					url={request.url}
					abortDelay={ABORT_DELAY}
					nonce={nonce}
				/>
			</RequestContextProvider>,
			{
				nonce,
				// People get a streamed page; bots and crawlers wait for the whole document.
				[isBot ? 'onAllReady' : 'onShellReady']() {
					shellRendered = true
					const body = new PassThrough()
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					)
					pipe(body)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					// Errors after the shell are already on their way to the client; log them here.
					if (shellRendered) console.error(redact(error))
				},
			},
		)
		setTimeout(abort, ABORT_DELAY)
	})
}

function logErrorsForBot(request: Request, remixContext: EntryContext) {
	const errors = remixContext.staticHandlerContext.errors
	if (!errors) return
	for (const error of Object.values(errors)) {
		const summary = isRouteErrorResponse(error)
			? `${error.status} ${typeof error.data === 'string' ? error.data : ''}`
			: redact(error instanceof Error ? error.message : error)
		console.warn(`Error page not rendered for a bot (${new URL(request.url).pathname}): ${summary}`)
	}
}

export const handleError: HandleErrorFunction = (error, { request }) => {
	// Aborted requests (the visitor navigated away) are not errors of ours.
	if (request.signal.aborted) return
	// Loader and action errors can be database errors carrying query parameters (docs/decisions/069).
	console.error(redact(error))
}
