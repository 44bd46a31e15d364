/**
 * The security headers of every answer (docs/decisions/064, 069): a content security policy
 * with a fresh nonce per request (`res.locals.cspNonce`, which the document's scripts carry),
 * the hosts of the analytics services configured and nothing else, and HSTS over HTTPS only.
 * A build file under /assets/ gets the few a file needs, the same for every answer and with no
 * nonce (decision 160): it is no document, so the page-only headers would only weigh on it.
 */
import type express from 'express'
import helmet from 'helmet'
import { customAlphabet } from 'nanoid'
import type { Config } from '~/config.server'
import { analyticsCspSources } from '~/integrations/analytics/csp.server'

/**
 * A fresh CSP nonce per response: 22 base64 characters (132 bits) from nanoid's pool of random
 * bytes, one system call per many responses instead of one each (issue 35: a cached page's answer
 * is a few small costs, and this was one).
 */
const cspNonce = customAlphabet(
	'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
	22,
)

/** What a build file needs: no sniffing, no use by other sites, nothing run if opened alone. */
const BUILD_FILE_HEADERS = {
	'Content-Security-Policy':
		"default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
	'X-Content-Type-Options': 'nosniff',
	'Cross-Origin-Resource-Policy': 'same-origin',
}

/** Whether the request asks for a build file (what builtFiles serves under /assets/). */
const isBuildFile = (req: express.Request) => req.path.startsWith('/assets/')

export function securityHeaders(config: Config): express.RequestHandler {
	const forPages = pageSecurityHeaders(config)
	return (req, res, next) => {
		if (req.secure)
			res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
		if (!isBuildFile(req)) return forPages(req, res, next)
		for (const [name, value] of Object.entries(BUILD_FILE_HEADERS)) res.setHeader(name, value)
		next()
	}
}

function pageSecurityHeaders(config: Config): express.RequestHandler {
	// Tag manager, session recording, analytics, customer data and partner hosts: only for the
	// services configured, so an unconfigured site keeps 'self' and nonces (docs/decisions/064).
	const analyticsHosts = analyticsCspSources(config)
	const headers = helmet({
		contentSecurityPolicy: {
			useDefaults: false,
			directives: {
				defaultSrc: ["'self'"],
				scriptSrc: [
					"'self'",
					(_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
					...analyticsHosts.script,
				],
				// React renders style attributes, which a CSP counts as inline styles.
				styleSrc: ["'self'", "'unsafe-inline'"],
				// GitHub avatars in the visitor's profile card (sign in with GitHub, docs/decisions/040).
				imgSrc: ["'self'", 'data:', 'https://avatars.githubusercontent.com', ...analyticsHosts.img],
				fontSrc: ["'self'"],
				connectSrc: [
					"'self'",
					...analyticsHosts.connect,
					// Icons named in content, from a public icon service (docs/decisions/091).
					...(config.ICON_SERVICE_URL ? [new URL(config.ICON_SERVICE_URL).origin] : []),
				],
				// Only the tag manager's no-script frame, when configured.
				frameSrc: ["'self'", ...analyticsHosts.frame],
				objectSrc: ["'none'"],
				baseUri: ["'self'"],
				// A no-JavaScript checkout form is answered 303 to Stripe's hosted page (docs/decisions/030).
				formAction: [
					"'self'",
					...(config.STRIPE_SECRET_KEY ? ['https://checkout.stripe.com'] : []),
				],
				frameAncestors: ["'none'"],
			},
		},
		// Sent below, and only over HTTPS: a plain-HTTP local run must stay reachable.
		strictTransportSecurity: false,
		referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
		// Browsers without CSP frame-ancestors read this one: the same policy, no frames.
		xFrameOptions: { action: 'deny' },
	})
	return (req, res, next) => {
		res.locals.cspNonce = cspNonce()
		headers(req, res, next)
	}
}
