/**
 * Facts about the incoming request that depend on how far proxies are trusted. server.ts
 * computes them once per request (Express applies TRUST_PROXY) and hands them to loaders and
 * actions through the load context; nothing else reads X-Forwarded-* headers.
 */
export type RequestFacts = {
	/** The visitor's address: the socket peer, or X-Forwarded-For within TRUST_PROXY hops. */
	clientIp: string
	/**
	 * The socket's peer, whatever TRUST_PROXY says: what "on this machine" is decided by for the
	 * operator tools (docs/decisions/132). Absent: unknown, never on this machine.
	 */
	peerIp?: string
	/**
	 * Origin for canonical and absolute links: SITE_URL, else the address the server was started
	 * on; never the request's Host or X-Forwarded-Host (docs/decisions/069).
	 */
	origin: string
	/** Whether the visitor reached us over HTTPS (decides Secure cookies and HSTS). */
	secure: boolean
}

declare module '@remix-run/node' {
	interface AppLoadContext extends RequestFacts {
		cspNonce: string
		/**
		 * The honeypot token of this answer's forms, set by the first loader that renders one
		 * (pageHoneypot): the page cache cuts the markup at it and stamps each answer's own.
		 */
		honeypotValidFrom?: string
		/**
		 * Set by the page cache for the renders it keeps: the placeholders a page shows for the
		 * visitor's country (pageGeoQuery), stamped with each visitor's own (docs/decisions/160).
		 */
		countryShownAs?: import('~/integrations/geo/locate.server').ShownCountry
		/**
		 * Present when the answer is a document: the sections its loaders rendered to HTML, by
		 * digest, which its markup carries and its data does not (components/server-html.tsx).
		 */
		serverHtml?: Map<string, string>
	}
}

// Host names, IPv4 and bracketed IPv6 literals, with an optional port.
const HOST_PATTERN =
	/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

export function isValidHost(host: string | undefined): host is string {
	return host !== undefined && host.length <= 260 && HOST_PATTERN.test(host)
}

/**
 * Whether a request target is a path as the router will see it (docs/decisions/069): starting
 * with `/`, with no dot segments (plain or `%2e`-encoded), no empty segments (`//`), no
 * backslashes and no encoded slashes or backslashes. A URL parser would rewrite any of these,
 * so a check on the raw path (`/webhooks/../checkout`) would judge another path than the one
 * that is served. Only the part before `?` counts.
 */
export function isNormalPath(target: string): boolean {
	const path = target.split('?', 1)[0]!
	if (!path.startsWith('/') || path.includes('\\') || /%(?:2f|5c)/i.test(path)) return false
	const segments = path.slice(1).split('/')
	return segments.every((segment, index) => {
		const dots = segment.replace(/%2e/gi, '.')
		if (dots === '.' || dots === '..') return false
		// An empty segment is only the trailing slash of `/` or `/blog/`.
		return segment !== '' || index === segments.length - 1
	})
}

/**
 * Whether a POST's Origin header is acceptable (docs/decisions/063): exactly one of `origins` —
 * scheme, host and port alike. Without one (older clients, some privacy tools), the Referer's
 * origin must be one of them when a Referer is sent (docs/decisions/132): a page of another
 * site that got its Origin dropped still names itself there. Neither header is allowed.
 */
export function isAllowedOrigin(
	originHeader: string | undefined,
	origins: string[],
	refererHeader?: string,
): boolean {
	if (originHeader !== undefined && originHeader !== '') return origins.includes(originHeader)
	if (refererHeader === undefined || refererHeader === '') return true
	return URL.canParse(refererHeader) && origins.includes(new URL(refererHeader).origin)
}

/**
 * The origin this request was sent to (its scheme, as TRUST_PROXY allows, and its Host), or
 * null. Fine for recognising a post from our own page, which a cross-site page cannot forge;
 * never for building links (the Host is the visitor's to choose).
 */
export function requestedOrigin(req: import('express').Request): string | null {
	const host = req.get('host')
	if (!isValidHost(host)) return null
	try {
		return new URL(`${req.protocol}://${host}`).origin
	} catch {
		return null
	}
}

/**
 * Where a document's server-rendered sections go (`AppLoadContext.serverHtml`): a new store for a
 * document, none for a client's data request (single fetch's `.data`), whose data carries them.
 */
export const documentSections = (req: import('express').Request) =>
	req.path.endsWith('.data') ? undefined : new Map<string, string>()

/**
 * The request facts for an Express request. Express applies `trust proxy` (TRUST_PROXY hops)
 * to `req.ip`, `req.protocol` and `req.secure`; the origin is the configured one.
 */
export function requestFacts(req: import('express').Request, origin: string): RequestFacts {
	return {
		clientIp: req.ip ?? req.socket.remoteAddress ?? '',
		peerIp: req.socket.remoteAddress ?? '',
		origin,
		secure: req.secure,
	}
}
