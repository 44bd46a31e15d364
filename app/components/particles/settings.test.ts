import { describe, expect, test } from 'vitest'
import { canDrawParticles, easeInOut, PARTICLES, particleSettings } from './settings'

describe('particle settings (SPEC §9)', () => {
	test('a small phone gets the minimum, times 0.7 on mobile', () => {
		const settings = particleSettings({ width: 320, height: 568, pixelRatio: 1, mobile: true })
		expect(settings.count).toBeGreaterThanOrEqual(Math.round(PARTICLES.minCount * 0.7))
		expect(settings.count).toBeLessThan(PARTICLES.minCount)
		expect(settings.connectionDistance).toBeGreaterThanOrEqual(100)
		expect(settings.maxConnections).toBeGreaterThanOrEqual(30)
	})

	test('a large high-density desktop gets the maximum, and no more', () => {
		const settings = particleSettings({ width: 3840, height: 2160, pixelRatio: 3, mobile: false })
		expect(settings).toEqual({ count: 2800, connectionDistance: 150, maxConnections: 50 })
	})

	test('the pixel ratio counts at most 2', () => {
		const at2 = particleSettings({ width: 1000, height: 700, pixelRatio: 2, mobile: false })
		const at4 = particleSettings({ width: 1000, height: 700, pixelRatio: 4, mobile: false })
		expect(at4).toEqual(at2)
	})

	test('counts grow with screen area and stay within 1000 to 2800 on desktops', () => {
		const small = particleSettings({ width: 1024, height: 768, pixelRatio: 1, mobile: false })
		const large = particleSettings({ width: 1920, height: 1080, pixelRatio: 1, mobile: false })
		expect(small.count).toBeGreaterThanOrEqual(1000)
		expect(large.count).toBeGreaterThan(small.count)
		expect(large.count).toBeLessThanOrEqual(2800)
	})

	test('nothing is drawn below 320×240', () => {
		expect(canDrawParticles({ width: 319, height: 800 })).toBe(false)
		expect(canDrawParticles({ width: 800, height: 239 })).toBe(false)
		expect(canDrawParticles({ width: 320, height: 240 })).toBe(true)
	})

	test('the easing starts at 0, ends at 1 and clamps outside', () => {
		expect(easeInOut(0)).toBe(0)
		expect(easeInOut(1)).toBe(1)
		expect(easeInOut(0.5)).toBe(0.5)
		expect(easeInOut(2)).toBe(1)
	})
})
