import { describe, expect, test, vi } from 'vitest'
import { ApiError, buildUrl, createApiClient } from './api-client'

function fakeFetch(status = 200, body: unknown = { data: [] }) {
	return vi.fn(
		async (_url: string | URL | Request, _init?: RequestInit) =>
			new Response(status === 204 ? null : JSON.stringify(body), {
				status,
				headers: { 'Content-Type': 'application/json' },
			}),
	)
}

describe('API client', () => {
	test('GET sends query parameters to the base address, with JSON headers', async () => {
		const fetch = fakeFetch()
		const api = createApiClient({ baseUrl: 'https://api.test/', fetch, log: () => {} })
		expect(await api.get('/api/catalog', { query: { region: 'TIER2', type: 'course' } })).toEqual({
			data: [],
		})
		const [url, init] = fetch.mock.calls[0]!
		expect(url).toBe('https://api.test/api/catalog?region=TIER2&type=course')
		expect(init?.method).toBe('GET')
		expect(init?.body).toBeUndefined()
		expect(init?.headers).toMatchObject({
			Accept: 'application/json',
			'Content-Type': 'application/json',
		})
	})

	test('DELETE sends query parameters too', async () => {
		const fetch = fakeFetch(204)
		const api = createApiClient({ fetch, log: () => {} })
		expect(await api.delete('/api/things', { query: { id: 7 } })).toBeUndefined()
		expect(fetch.mock.calls[0]![0]).toBe('/api/things?id=7')
		expect(fetch.mock.calls[0]![1]?.method).toBe('DELETE')
	})

	test.each(['post', 'patch', 'put'] as const)('%s sends a JSON body', async (method) => {
		const fetch = fakeFetch(200, { link: '/pay' })
		const api = createApiClient({ baseUrl: 'https://api.test', fetch, log: () => {} })
		const body = { code: 'ai-driven-dev-preorder', quantity: 1 }
		expect(await api[method]('/checkout', body, { query: { ignored: 1 } })).toEqual({
			link: '/pay',
		})
		const [url, init] = fetch.mock.calls[0]!
		expect(url).toBe('https://api.test/checkout')
		expect(init?.method).toBe(method.toUpperCase())
		expect(init?.body).toBe(JSON.stringify(body))
	})

	test('configured headers go with every call; per-call headers override them', async () => {
		const fetch = fakeFetch()
		const api = createApiClient({
			fetch,
			log: () => {},
			headers: { 'X-Affiliate': 'friend', 'X-Coupon': 'default' },
		})
		await api.post('/checkout', {}, { headers: { 'X-Coupon': 'SPRING' } })
		expect(fetch.mock.calls[0]![1]?.headers).toMatchObject({
			'X-Affiliate': 'friend',
			'X-Coupon': 'SPRING',
		})
	})

	test('every status is logged', async () => {
		const log = vi.fn()
		const api = createApiClient({ fetch: fakeFetch(200), log })
		await api.get('/api/course')
		expect(log).toHaveBeenCalledWith('[api] GET /api/course 200')
	})

	test('an error status throws an ApiError carrying the status and the server message', async () => {
		const log = vi.fn()
		const api = createApiClient({ fetch: fakeFetch(400, { error: 'type is invalid' }), log })
		const error = await api.get('/api/catalog').catch((e) => e)
		expect(error).toBeInstanceOf(ApiError)
		expect(error).toMatchObject({ status: 400, message: 'type is invalid' })
		expect(log).toHaveBeenCalledWith('[api] GET /api/catalog 400')
	})

	test('a network failure is logged and rethrown', async () => {
		const log = vi.fn()
		const api = createApiClient({
			fetch: async () => {
				throw new TypeError('fetch failed')
			},
			log,
		})
		await expect(api.get('/api/course')).rejects.toThrow('fetch failed')
		expect(log).toHaveBeenCalledWith('[api] GET /api/course failed: fetch failed')
	})
})

describe('URLs', () => {
	test('null and undefined parameters are left out; arrays repeat', () => {
		expect(buildUrl(null, '/x', { a: null, b: undefined, c: ['1', '2'], d: true })).toBe(
			'/x?c=1&c=2&d=true',
		)
	})

	test('values are encoded', () => {
		expect(buildUrl('', '/x', { q: 'a&b=c d' })).toBe('/x?q=a%26b%3Dc+d')
	})
})
