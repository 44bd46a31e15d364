/**
 * The security headers of every answer (docs/decisions/064, 069): a content security policy
 * with a fresh nonce per request (`res.locals.cspNonce`, which the document's scripts carry),
 * the hosts of the analytics services configured and nothing else, and HSTS over HTTPS only.
 */
import crypto from 'node:crypto'
import type express from 'express'
import helmet from 'helmet'
import type { Config } from '~/config.server'
import { analyticsCspSources } from '~/integrations/analytics/csp.server'

export function securityHeaders(config: Config): express.RequestHandler[] {
	// Tag manager, session recording, analytics, customer data and partner hosts: only for the
	// services configured, so an unconfigured site keeps 'self' and nonces (docs/decisions/064).
	const analyticsHosts = analyticsCspSources(config)
	return [
		(_req, res, next) => {
			res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
			next()
		},
		helmet({
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
					imgSrc: [
						"'self'",
						'data:',
						'https://avatars.githubusercontent.com',
						...analyticsHosts.img,
					],
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
		}),
		(req, res, next) => {
			if (req.secure)
				res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
			next()
		},
	]
}
