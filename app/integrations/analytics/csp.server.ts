/**
 * The hosts the browser-side services need in the Content Security Policy, only for those
 * configured (docs/decisions/064): without their ids the policy stays 'self' and nonce only.
 */
import type { Config } from '~/config.server'

export type CspSources = { script: string[]; connect: string[]; img: string[]; frame: string[] }

export function analyticsCspSources(
	config: Pick<
		Config,
		'CUSTOMERIO_WRITE_KEY' | 'PARTNERO_PROGRAM_ID' | 'GTM_ID' | 'CLARITY_ID' | 'PLAUSIBLE_DOMAIN'
	>,
): CspSources {
	const sources: CspSources = { script: [], connect: [], img: [], frame: [] }
	if (config.CUSTOMERIO_WRITE_KEY) {
		sources.script.push('https://cdp.customer.io', 'https://cdp-eu.customer.io')
		sources.connect.push('https://cdp.customer.io', 'https://cdp-eu.customer.io')
	}
	if (config.PARTNERO_PROGRAM_ID) {
		sources.script.push('https://app.partnero.com', 'https://assets.partnero.com')
		sources.connect.push('https://*.partnero.com')
	}
	if (config.GTM_ID) {
		sources.script.push('https://www.googletagmanager.com')
		sources.connect.push('https://www.googletagmanager.com', 'https://*.google-analytics.com')
		sources.img.push('https://www.googletagmanager.com', 'https://*.google-analytics.com')
		sources.frame.push('https://www.googletagmanager.com')
	}
	if (config.CLARITY_ID) {
		sources.script.push('https://www.clarity.ms', 'https://*.clarity.ms')
		sources.connect.push('https://*.clarity.ms')
		sources.img.push('https://*.clarity.ms')
	}
	if (config.PLAUSIBLE_DOMAIN) {
		sources.script.push('https://plausible.io')
		sources.connect.push('https://plausible.io')
	}
	return sources
}
