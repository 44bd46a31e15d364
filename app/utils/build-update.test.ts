import { describe, expect, test } from 'vitest'
import { BUILD_CHECK_INTERVAL_MS } from './build-check-interval'
import { isBuildOutdated } from './build-update'

describe('build update check (SPEC §9)', () => {
	test('runs every hour', () => {
		expect(BUILD_CHECK_INTERVAL_MS).toBe(3_600_000)
	})

	test('another version at /build-version means a newer build', async () => {
		let asked = ''
		const fetcher = (async (url: string) => {
			asked = url
			return Response.json({ version: 'abc 2' })
		}) as typeof fetch
		expect(await isBuildOutdated('abc 1', fetcher)).toBe(true)
		expect(asked).toBe('/build-version')
	})

	test('the same build, or no answer, is not an update', async () => {
		const same = (async () => Response.json({ version: 'abc' })) as typeof fetch
		const failing = (async () => new Response('Unavailable', { status: 503 })) as typeof fetch
		const offline = (async () => {
			throw new TypeError('Failed to fetch')
		}) as typeof fetch
		expect(await isBuildOutdated('abc', same)).toBe(false)
		expect(await isBuildOutdated('abc', offline)).toBe(false)
		expect(await isBuildOutdated('abc', failing)).toBe(false)
	})
})
