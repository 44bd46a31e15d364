/**
 * Facts about the incoming request that depend on how far proxies are trusted. server.ts
 * computes them once per request (Express applies TRUST_PROXY) and hands them to loaders and
 * actions through the load context; nothing else reads X-Forwarded-* headers.
 */
export type RequestFacts = {
	/** The visitor's address: the socket peer, or X-Forwarded-For within TRUST_PROXY hops. */
	clientIp: string
	/** Origin for canonical and absolute links: SITE_URL when set, else the request's own. */
	origin: string
	/** Whether the visitor reached us over HTTPS (decides Secure cookies and HSTS). */
	secure: boolean
}

declare module '@remix-run/node' {
	interface AppLoadContext extends RequestFacts {
		cspNonce: string
	}
}

// Host names, IPv4 and bracketed IPv6 literals, with an optional port.
const HOST_PATTERN =
	/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

export function isValidHost(host: string | undefined): host is string {
	return host !== undefined && host.length <= 260 && HOST_PATTERN.test(host)
}

/**
 * The origin the visitor used. `forwardedHost` is only consulted when the peer is a trusted
 * proxy; of a list, the first entry is the one the visitor's browser sent.
 */
function requestOrigin({
	siteUrl,
	protocol,
	host,
	forwardedHost,
}: {
	siteUrl: string | undefined
	protocol: string
	host: string
	forwardedHost: string | undefined
}): string {
	if (siteUrl) return siteUrl
	const forwarded = forwardedHost?.split(',')[0]?.trim()
	return `${protocol}://${isValidHost(forwarded) ? forwarded : host}`
}

/**
 * The request facts for an Express request. Express applies `trust proxy` (TRUST_PROXY hops)
 * to `req.ip`, `req.protocol` and `req.secure`; the forwarded host gets the same rule here.
 */
export function requestFacts(
	req: import('express').Request,
	siteUrl: string | undefined,
): RequestFacts {
	const trustsPeer = (req.app.get('trust proxy fn') as (address: string, hop: number) => boolean)(
		req.socket.remoteAddress ?? '',
		0,
	)
	return {
		clientIp: req.ip ?? req.socket.remoteAddress ?? '',
		origin: requestOrigin({
			siteUrl,
			protocol: req.protocol,
			host: req.get('host') ?? 'localhost',
			forwardedHost: trustsPeer ? req.get('x-forwarded-host') : undefined,
		}),
		secure: req.secure,
	}
}
