import {
	type AppLoadContext,
	createReadableStreamFromReadable,
	type EntryContext,
	type HandleDataRequestFunction,
	type HandleErrorFunction,
} from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { provideIslandComponents } from '~/components/deferred'
import { islandComponents } from '~/components/islands.server'
import { RequestContextProvider } from '~/components/request-context'
import { isBot } from '~/http/bot.server'
import { dataRequestCacheControl, documentCacheControl } from '~/http/cache-control.server'
import { chunkReloadScript } from '~/http/chunk-reload.server'
import {
	documentEndLast,
	modulePreloadsAtLowPriority,
	withoutTrailingNuls,
} from '~/http/document-stream.server'
import { databaseWasUnavailable, unavailableHeaders } from '~/http/unavailable.server'
import { log } from '~/log.server'
import stylesheet from '~/styles/tailwind.css?inline'

/**
 * How long a streamed promise in a loader's data may stay pending (single fetch's own timeout,
 * docs/decisions/143); the render is stopped a second later, once the rejections are sent.
 */
export const streamTimeout = 5_000

// The server renders every island's own component (components/deferred.tsx).
provideIslandComponents(islandComponents)

// The head's inline script and stylesheet, the same for every document (docs/decisions/096).
// Nothing in the stylesheet may close the element it is inlined into.
if (/<\/style/i.test(stylesheet)) throw new Error('The stylesheet contains </style')
const documentHead = { chunkReloadScript: chunkReloadScript(), stylesheet }

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
	loadContext: AppLoadContext,
) {
	const bot = isBot(request.headers.get('user-agent'))
	// Bots do not see the error page (SPEC §2): the status stays, the error is only logged.
	if (bot) logErrorsForBot(request, remixContext)
	const nonce = loadContext.cspNonce ?? ''
	// A page is as private as its most private loader (docs/decisions/068).
	documentCacheControl(responseHeaders, remixContext.staticHandlerContext.loaderHeaders)
	// The error page of an unavailable database (docs/decisions/104): try again shortly, keep nothing.
	// A route that knows the wait (a busy payment provider's, decision 134) keeps its Retry-After.
	if (responseStatusCode === 503)
		for (const [name, value] of Object.entries(unavailableHeaders()))
			if (name !== 'Retry-After' || !responseHeaders.has(name)) responseHeaders.set(name, value)

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const { pipe, abort } = renderToPipeableStream(
			<RequestContextProvider
				value={{
					nonce,
					isBot: bot,
					documentHead,
					serverHtml: (digest) => loadContext.serverHtml?.get(digest),
				}}
			>
				<RemixServer context={remixContext} url={request.url} nonce={nonce} />
			</RequestContextProvider>,
			{
				nonce,
				// People get a streamed page; bots and crawlers wait for the whole document.
				[bot ? 'onAllReady' : 'onShellReady']() {
					shellRendered = true
					const body = withoutTrailingNuls()
					const document = body.pipe(modulePreloadsAtLowPriority()).pipe(documentEndLast())
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					resolve(
						new Response(createReadableStreamFromReadable(document), {
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
					if (shellRendered)
						log.error({ err: error }, 'Rendering the page failed after its start was sent')
				},
			},
		)
		setTimeout(abort, streamTimeout + 1_000)
	})
}

function logErrorsForBot(request: Request, remixContext: EntryContext) {
	const errors = remixContext.staticHandlerContext.errors
	if (!errors) return
	for (const error of Object.values(errors)) {
		// An unavailable database has its one line per outage (docs/decisions/104).
		if (isRouteErrorResponse(error) && error.status === 503) continue
		// The path and a 404's text may hold an address (/admin/people/ada%40example.com): the
		// logger redacts it, percent-encoded or not.
		const path = new URL(request.url).pathname
		if (isRouteErrorResponse(error)) {
			const summary = `${error.status} ${typeof error.data === 'string' ? error.data : ''}`
			log.warn(`Error page not rendered for a bot (${path}): ${summary}`)
		} else log.warn({ err: error }, `Error page not rendered for a bot (${path})`)
	}
}

export const handleError: HandleErrorFunction = (error, { request }) => {
	// Aborted requests (the visitor navigated away) are not errors of ours.
	if (request.signal.aborted) return
	// An unavailable database is one line per outage, not a stack per request (docs/decisions/104).
	if (databaseWasUnavailable(error)) return
	// Loader and action errors can be database errors carrying query parameters (docs/decisions/069).
	log.error({ err: error }, `${request.method} ${new URL(request.url).pathname} failed`)
}

/**
 * A data request (`/path.data`, single fetch) is as private as the page it stands for
 * (docs/decisions/068, 143): documentCacheControl sees each loader's headers, this answer only
 * the routes' `headers` merged, so it is kept from shared caches whenever the visitor's cookies
 * could have put their own data into it.
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
	dataRequestCacheControl(response.headers, request.headers.get('cookie'))
	return response
}
