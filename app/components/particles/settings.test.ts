import { describe, expect, test } from 'vitest'
import {
	approach,
	canDrawParticles,
	easeInOut,
	linkOpacity,
	PARTICLES,
	particleSettings,
	pointerPresence,
	startDelayMs,
	throttle,
} from './settings'

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

describe('pointer, reset and throttles (SPEC §4, §9)', () => {
	test('the pointer counts fully while over the page and for 300 ms after it left', () => {
		expect(pointerPresence({ active: true, leftAt: 0 }, 5_000)).toBe(1)
		expect(pointerPresence({ active: false, leftAt: 1_000 }, 1_000)).toBe(1)
		expect(pointerPresence({ active: false, leftAt: 1_000 }, 1_300)).toBe(1)
	})

	test('then it eases to nothing over 1000 ms, halfway at 500 ms', () => {
		const leftAt = 1_000
		const at = (ms: number) => pointerPresence({ active: false, leftAt }, leftAt + 300 + ms)
		expect(at(500)).toBeCloseTo(0.5)
		expect(at(250)).toBeGreaterThan(at(500))
		expect(at(1_000)).toBe(0)
		expect(at(5_000)).toBe(0)
	})

	test('a throttle opens at most once per interval (ray casts every 100 ms)', () => {
		const ready = throttle(PARTICLES.raycastThrottleMs)
		const opened = [0, 16, 50, 99, 100, 116, 199, 200, 350].filter((now) => ready(now))
		expect(opened).toEqual([0, 100, 200, 350])
	})

	test('a link fades in over 500 ms and out as fast', () => {
		const step = PARTICLES.frameIntervalMs
		let value = 0
		let frames = 0
		while (value < 1) {
			value = approach(value, 1, step, PARTICLES.connectionAnimationMs)
			frames++
		}
		expect(frames * step).toBeGreaterThanOrEqual(500)
		expect(frames * step).toBeLessThan(500 + step)
		expect(approach(1, 0, 250, PARTICLES.connectionAnimationMs)).toBeCloseTo(0.5)
		expect(approach(0.2, 0.3, 1_000, PARTICLES.connectionAnimationMs)).toBe(0.3)
	})

	test('links fade with distance and brighten near the pointer', () => {
		expect(linkOpacity(150, 150, 1)).toBe(0)
		expect(linkOpacity(200, 150, 0)).toBe(0)
		expect(linkOpacity(10, 150, 0)).toBeGreaterThan(linkOpacity(100, 150, 0))
		expect(linkOpacity(50, 150, 1)).toBeGreaterThan(linkOpacity(50, 150, 0))
		expect(linkOpacity(0, 150, 1)).toBeLessThanOrEqual(1)
	})

	test('a desktop starts the particles at once after load; phones and small windows wait 4 s', () => {
		expect(startDelayMs({ width: 1280, mobile: false })).toBe(0)
		expect(startDelayMs({ width: 1280, mobile: true })).toBe(4_000)
		expect(startDelayMs({ width: 800, mobile: false })).toBe(4_000)
	})
})
