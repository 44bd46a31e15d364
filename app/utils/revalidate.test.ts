import { describe, expect, test } from 'vitest'
import { shouldRevalidate } from './revalidate'

const args = (actionStatus: number | undefined, defaultShouldRevalidate: boolean) =>
	({ actionStatus, defaultShouldRevalidate }) as Parameters<typeof shouldRevalidate>[0]

describe('shouldRevalidate', () => {
	test("a refused action (4xx, 5xx) reloads the page's data, as before single fetch", () => {
		expect(shouldRevalidate(args(400, false))).toBe(true)
		expect(shouldRevalidate(args(409, false))).toBe(true)
		expect(shouldRevalidate(args(503, false))).toBe(true)
	})

	test("anything else keeps Remix's own choice", () => {
		expect(shouldRevalidate(args(200, true))).toBe(true)
		expect(shouldRevalidate(args(undefined, false))).toBe(false)
		expect(shouldRevalidate(args(undefined, true))).toBe(true)
	})
})
