import { expect, test } from 'vitest'
import { analyticsCspSources } from './csp.server'

test('nothing is added to the CSP until a service is configured', () => {
	expect(analyticsCspSources({})).toEqual({ script: [], connect: [], img: [], frame: [] })
})

test('each configured service adds its own hosts only', () => {
	const sources = analyticsCspSources({ PLAUSIBLE_DOMAIN: 'site.test', GTM_ID: 'GTM-ABC123' })
	expect(sources.script).toEqual(['https://www.googletagmanager.com', 'https://plausible.io'])
	expect(sources.connect).toContain('https://plausible.io')
	expect(sources.script.join(' ')).not.toContain('clarity')
})
