/**
 * Headers from proxies are believed only behind a trusted proxy (docs/decisions/012, 069):
 * GEO_COUNTRY_HEADER, like X-Forwarded-For, counts only with TRUST_PROXY of 1 or more.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningServer, startServer } from '../../support/server'

const country = async (server: RunningServer, headers: Record<string, string>) =>
	(await fetch(`${server.url}/api/country`, { headers })).json()

describe('the CDN country header', () => {
	let untrusted: RunningServer
	let trusted: RunningServer
	beforeAll(async () => {
		;[untrusted, trusted] = await Promise.all([
			startServer({ GEO_COUNTRY_HEADER: 'cf-ipcountry' }),
			startServer({ GEO_COUNTRY_HEADER: 'cf-ipcountry', TRUST_PROXY: '1' }),
		])
	})
	afterAll(async () => {
		await Promise.all([untrusted?.stop(), trusted?.stop()])
	})

	test('without TRUST_PROXY the header changes nothing', async () => {
		const plain = await country(untrusted, {})
		const claimed = await country(untrusted, { 'cf-ipcountry': 'IN' })
		expect(claimed).toEqual(plain)
		expect(claimed.details.region).toBe('GLOBAL')
		const page = await (await fetch(untrusted.url, { headers: { 'cf-ipcountry': 'IN' } })).text()
		const global = await (await fetch(untrusted.url)).text()
		const price = /data-testid="seat-price">([^<]+)</
		expect(global.match(price)).not.toBeNull()
		expect(page.match(price)?.[1]).toBe(global.match(price)?.[1])
		expect(page).not.toContain('regional pricing for India')
	})

	test('behind a trusted proxy it sets the country', async () => {
		const claimed = await country(trusted, { 'cf-ipcountry': 'IN' })
		expect(claimed.details).toMatchObject({ countryCode: 'IN', source: 'header' })
		expect(claimed.details.region).not.toBe('GLOBAL')
	})
})
