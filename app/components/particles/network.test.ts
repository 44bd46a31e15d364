import { describe, expect, test } from 'vitest'
import * as network from './network'
import { PARTICLES, SPHERE_RADIUS as RADIUS } from './settings'

const { createLinkBuffers, fadeGlow, findLinks, gridSide, pushFromRay, seedField, stepField } =
	network
type Field = network.Field

/** A deterministic random source, so a failing case can be replayed. */
function seeded(seed: number) {
	let state = seed
	return () => {
		state = (state * 1664525 + 1013904223) % 4294967296
		return state / 4294967296
	}
}

function fieldAt(points: [number, number, number][]): Field {
	return {
		count: points.length,
		positions: Float32Array.from(points.flat()),
		velocities: new Float32Array(points.length * 3),
	}
}

function links(field: Field, distance: number, maxConnections: number, maxLinks = 10_000) {
	const side = gridSide(RADIUS, distance)
	const buffers = createLinkBuffers(field.count, maxLinks, side ** 3)
	const count = findLinks(field, { radius: RADIUS, distance, maxConnections }, buffers)
	const pairs = new Set<string>()
	for (let k = 0; k < count; k++) pairs.add(`${buffers.pairs[k * 2]}-${buffers.pairs[k * 2 + 1]}`)
	return { count, pairs, buffers }
}

describe('the particle network (SPEC §9)', () => {
	test('particles start inside the sphere and stay there as they drift', () => {
		const field = seedField(500, RADIUS, seeded(1))
		const inside = () =>
			Array.from({ length: field.count }).every(
				(_, i) => Math.hypot(...field.positions.subarray(i * 3, i * 3 + 3)) <= RADIUS + 1e-3,
			)
		expect(inside()).toBe(true)
		const before = field.positions.slice()
		for (let frame = 0; frame < 3_000; frame++) stepField(field, PARTICLES.frameIntervalMs, RADIUS)
		expect(inside()).toBe(true)
		expect(field.positions).not.toEqual(before)
	})

	test('two particles closer than the connection distance are linked; farther ones are not', () => {
		const field = fieldAt([
			[0, 0, 0],
			[99, 0, 0],
			[0, 250, 0],
		])
		const { pairs, buffers } = links(field, 100, 30)
		expect([...pairs]).toEqual(['0-1'])
		expect(buffers.distances[0]).toBeCloseTo(99)
	})

	test('finds the same links as comparing every pair, across grid cells', () => {
		const field = seedField(800, RADIUS, seeded(7))
		const distance = 150
		const expected = new Set<string>()
		for (let i = 0; i < field.count; i++)
			for (let j = i + 1; j < field.count; j++) {
				const d = Math.hypot(
					field.positions[i * 3]! - field.positions[j * 3]!,
					field.positions[i * 3 + 1]! - field.positions[j * 3 + 1]!,
					field.positions[i * 3 + 2]! - field.positions[j * 3 + 2]!,
				)
				if (d < distance) expected.add(`${i}-${j}`)
			}
		expect(expected.size).toBeGreaterThan(50)
		expect(links(field, distance, 1_000).pairs).toEqual(expected)
	})

	test('no particle has more links than the maximum, and the total is capped', () => {
		// A tight cluster: everyone is near everyone.
		const cluster = fieldAt(
			Array.from({ length: 60 }, (_, i) => [i % 4, Math.floor(i / 4) % 4, Math.floor(i / 16)]),
		)
		const { count, buffers } = links(cluster, 100, 30)
		expect(count).toBeGreaterThan(0)
		expect(Math.max(...buffers.degree)).toBe(30)
		expect(links(cluster, 100, 30, 40).count).toBe(40)
	})

	test('the pointer ray parts the field and lights what is near it', () => {
		const field = fieldAt([
			[0, 50, 0],
			[0, 500, 0],
		])
		const closeness = new Float32Array(2)
		pushFromRay(
			field,
			{ origin: [0, 0, 1000], direction: [0, 0, -1] },
			{ reach: 220, strength: 1, elapsedMs: 100 },
			closeness,
		)
		expect(closeness[0]).toBeGreaterThan(0.7)
		expect(closeness[1]).toBe(0)
		expect(field.velocities[1]).toBeGreaterThan(0) // pushed away from the ray, along +y
		expect(field.velocities[4]).toBe(0)

		const glow = new Float32Array(2)
		fadeGlow(glow, closeness, { strength: 1, elapsedMs: 250 })
		expect(glow[0]).toBeCloseTo(0.5)
		fadeGlow(glow, closeness, { strength: 0, elapsedMs: 250 })
		expect(glow[0]).toBeCloseTo(0)
	})

	test('link segments join the two particles, brighter and closer to the glow colour when lit', () => {
		const field = fieldAt([
			[0, 0, 0],
			[50, 0, 0],
		])
		const { count, buffers } = links(field, 100, 30)
		const out = { positions: new Float32Array(6), colors: new Float32Array(8) }
		const draw = (light: number) => {
			network.writeLinks(
				field,
				buffers,
				count,
				{ glow: Float32Array.of(light, 0), distance: 100, base: [0, 0, 1], lit: [0, 1, 0] },
				out,
			)
			return [...out.colors]
		}
		const dark = draw(0)
		expect([...out.positions]).toEqual([0, 0, 0, 50, 0, 0])
		const lit = draw(1)
		expect(lit[1]).toBe(1)
		expect(dark[1]).toBe(0)
		expect(lit[3]).toBeGreaterThan(dark[3]!)
	})
})
