import { describe, expect, test } from 'vitest'
import { BUILD_CHECK_INTERVAL_MS } from './build-check-interval'
import { isBuildOutdated } from './build-update'

describe('build update check (SPEC §9)', () => {
	test('runs every hour', () => {
		expect(BUILD_CHECK_INTERVAL_MS).toBe(3_600_000)
	})

	test('a 204 with X-Remix-Reload-Document means a newer build', async () => {
		let asked = ''
		const fetcher = (async (url: string) => {
			asked = url
			return new Response(null, { status: 204, headers: { 'X-Remix-Reload-Document': 'true' } })
		}) as typeof fetch
		expect(await isBuildOutdated('abc 1', fetcher)).toBe(true)
		expect(asked).toBe('/__manifest?p=%2F&version=abc%201&build-check=1')
	})

	test('the same build, or no answer, is not an update', async () => {
		const same = (async () => Response.json({})) as typeof fetch
		const offline = (async () => {
			throw new TypeError('Failed to fetch')
		}) as typeof fetch
		expect(await isBuildOutdated('abc', same)).toBe(false)
		expect(await isBuildOutdated('abc', offline)).toBe(false)
	})
})
