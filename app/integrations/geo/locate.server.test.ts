import { describe, expect, test, vi } from 'vitest'
import { log } from '~/log.server'
import { publicIp } from './ip.server'
import { createGeoLocator } from './locate.server'
import { lookupOffline } from './offline.server'
import { createGeoService, serviceUrl } from './service.server'
import type { GeoLocation } from './types'

const fromService: GeoLocation = {
	countryCode: 'BR',
	country: 'Brazil',
	city: 'São Paulo',
	timezone: 'America/Sao_Paulo',
	source: 'service',
}

function fakes(serviceAnswer: GeoLocation | null = fromService) {
	const service = { lookup: vi.fn(async () => serviceAnswer) }
	const offline = vi.fn((): GeoLocation | null => ({ countryCode: 'IN', source: 'offline' }))
	return { service, offline, locator: createGeoLocator({ service, offline }) }
}

describe('country resolution order', () => {
	test('a trusted CDN header wins, and nothing else is asked', async () => {
		const { service, offline, locator } = fakes()
		expect(await locator.locate({ ip: '8.8.8.8', headerCountry: 'de' })).toEqual({
			countryCode: 'DE',
			source: 'header',
		})
		expect(service.lookup).not.toHaveBeenCalled()
		expect(offline).not.toHaveBeenCalled()
	})

	test('without a header the geolocation service answers', async () => {
		const { offline, locator } = fakes()
		expect(await locator.locate({ ip: '8.8.8.8' })).toEqual(fromService)
		expect(offline).not.toHaveBeenCalled()
	})

	test('a header saying "unknown" (XX) or "Tor" (T1) is not a country', async () => {
		const { locator } = fakes()
		expect((await locator.locate({ ip: '8.8.8.8', headerCountry: 'XX' }))?.source).toBe('service')
		expect((await locator.locate({ ip: '8.8.8.8', headerCountry: 'T1' }))?.source).toBe('service')
		expect((await locator.locate({ ip: '8.8.8.8', headerCountry: '<script>' }))?.source).toBe(
			'service',
		)
	})

	test('when the service does not know, the offline database answers', async () => {
		const { locator } = fakes(null)
		expect(await locator.locate({ ip: '8.8.8.8' })).toEqual({
			countryCode: 'IN',
			source: 'offline',
		})
	})

	test('with no service configured, the offline database answers', async () => {
		const locator = createGeoLocator({ offline: () => ({ countryCode: 'FR', source: 'offline' }) })
		expect((await locator.locate({ ip: '8.8.8.8' }))?.countryCode).toBe('FR')
	})

	test('private, loopback and garbage addresses ask no one and find nothing', async () => {
		const { service, offline, locator } = fakes()
		for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.9', '::1', 'fe80::1', '', 'not-an-ip'])
			expect(await locator.locate({ ip })).toBeNull()
		expect(service.lookup).not.toHaveBeenCalled()
		expect(offline).not.toHaveBeenCalled()
	})

	test('an offline database that throws finds nothing rather than failing', async () => {
		const locator = createGeoLocator({
			offline: () => {
				throw new Error('corrupt')
			},
		})
		vi.spyOn(log, 'warn').mockImplementation(() => {})
		expect(await locator.locate({ ip: '8.8.8.8' })).toBeNull()
	})
})

describe('addresses', () => {
	test('IPv4-mapped IPv6 addresses are read as IPv4', () => {
		expect(publicIp('::ffff:8.8.8.8')).toBe('8.8.8.8')
		expect(publicIp('::ffff:127.0.0.1')).toBeNull()
	})

	test('public IPv6 addresses pass, documentation ranges do not', () => {
		expect(publicIp('2606:4700:4700::1111')).toBe('2606:4700:4700::1111')
		expect(publicIp('2001:db8::1')).toBeNull()
	})
})

describe('offline database', () => {
	test('knows well-known public IPv4 addresses', () => {
		expect(lookupOffline('8.8.8.8')?.countryCode).toBe('US')
		expect(lookupOffline('8.8.8.8')?.source).toBe('offline')
	})

	test('does not cover IPv6', () => {
		expect(lookupOffline('2606:4700:4700::1111')).toBeNull()
	})
})

describe('geolocation service', () => {
	test('the address goes in the path', () => {
		expect(serviceUrl('https://geo.test/json/{ip}?fields=1', '1.2.3.4')).toBe(
			'https://geo.test/json/1.2.3.4?fields=1',
		)
		expect(serviceUrl('https://geo.test/lookup/', '2001:db8::1')).toBe(
			'https://geo.test/lookup/2001%3Adb8%3A%3A1',
		)
	})

	test('answers are read from countryCode, country, city and timezone, and cached', async () => {
		const fetch = vi.fn(
			async () =>
				new Response(
					JSON.stringify({
						countryCode: 'br',
						country: 'Brazil',
						city: 'São Paulo',
						timezone: 'America/Sao_Paulo',
					}),
				),
		)
		const service = createGeoService({ url: 'https://geo.test/{ip}', timeoutMs: 100, fetch })
		expect(await service.lookup('1.2.3.4')).toEqual(fromService)
		await service.lookup('1.2.3.4')
		expect(fetch).toHaveBeenCalledTimes(1)
	})

	test('an answer is kept a day; a failure is asked again after a minute', async () => {
		const warn = vi.spyOn(log, 'warn').mockImplementation(() => {})
		// lru-cache takes a start time of 0 for "no lifetime": the clock starts later.
		let time = 1_000
		let up = true
		const fetch = vi.fn(async () =>
			up ? new Response(JSON.stringify({ countryCode: 'BR' })) : new Response('', { status: 502 }),
		)
		const service = createGeoService({
			url: 'https://geo.test/{ip}',
			timeoutMs: 100,
			fetch,
			now: () => time,
		})
		// lru-cache reads its clock at most once a millisecond: let that reading lapse.
		const at = async (ms: number) => {
			time = 1_000 + ms
			await new Promise((resolve) => setTimeout(resolve, 5))
		}
		await service.lookup('1.1.1.1')
		await at(24 * 60 * 60 * 1_000 - 1)
		await service.lookup('1.1.1.1')
		expect(fetch).toHaveBeenCalledTimes(1)
		await at(24 * 60 * 60 * 1_000 + 1)
		up = false
		expect(await service.lookup('1.1.1.1')).toBeNull()
		expect(fetch).toHaveBeenCalledTimes(2)
		await at(24 * 60 * 60 * 1_000 + 60_000)
		expect(await service.lookup('1.1.1.1')).toBeNull()
		expect(fetch).toHaveBeenCalledTimes(2)
		up = true
		await at(24 * 60 * 60 * 1_000 + 60_002)
		expect((await service.lookup('1.1.1.1'))?.countryCode).toBe('BR')
		expect(fetch).toHaveBeenCalledTimes(3)
		warn.mockRestore()
	})

	test('concurrent lookups of one address make one call', async () => {
		const fetch = vi.fn(async () => new Response(JSON.stringify({ countryCode: 'BR' })))
		const service = createGeoService({ url: 'https://geo.test/{ip}', timeoutMs: 100, fetch })
		await Promise.all([1, 2, 3].map(() => service.lookup('1.1.1.1')))
		expect(fetch).toHaveBeenCalledTimes(1)
	})

	test('a slow, failing or nonsensical service finds nothing, with a warning in the log', async () => {
		const warn = vi.spyOn(log, 'warn').mockImplementation(() => {})
		const slow = createGeoService({
			url: 'https://geo.test/{ip}',
			timeoutMs: 20,
			fetch: (_url, init) =>
				new Promise((_resolve, reject) =>
					init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
				),
		})
		expect(await slow.lookup('1.2.3.4')).toBeNull()
		const failing = createGeoService({
			url: 'https://geo.test/{ip}',
			timeoutMs: 100,
			fetch: async () => new Response('oops', { status: 502 }),
		})
		expect(await failing.lookup('1.2.3.4')).toBeNull()
		const nonsense = createGeoService({
			url: 'https://geo.test/{ip}',
			timeoutMs: 100,
			fetch: async () => new Response('{"countryCode": 42}'),
		})
		expect(await nonsense.lookup('1.2.3.4')).toBeNull()
		expect(warn).toHaveBeenCalledWith(expect.stringContaining('Geolocation lookup failed'))
		warn.mockRestore()
	})
})
