/**
 * The particle network's motion and links as plain functions over typed arrays (SPEC §9,
 * docs/decisions/090): particles drift inside the sphere, and any two closer than the
 * connection distance are linked, each particle to at most `maxConnections` others. No three.js
 * here: the scene draws what these compute, and the unit tests check them without a browser.
 */
import { approach, linkOpacity, PARTICLES } from './settings'

export type Field = {
	count: number
	/** x, y, z per particle, in scene units around the sphere's centre. */
	positions: Float32Array
	/** Units per millisecond, x, y, z per particle. */
	velocities: Float32Array
}

/** Drift speed range, units per millisecond: 20 to 60 units a second. */
const MIN_SPEED = 0.02
const MAX_SPEED = 0.06

/** A random direction (uniform on the unit sphere) scaled by `length`, written at `offset`. */
function randomVector(out: Float32Array, offset: number, length: number, random: () => number) {
	const z = random() * 2 - 1
	const angle = random() * Math.PI * 2
	const ring = Math.sqrt(1 - z * z)
	out[offset] = ring * Math.cos(angle) * length
	out[offset + 1] = ring * Math.sin(angle) * length
	out[offset + 2] = z * length
}

/** `count` particles filling a sphere of `radius` evenly, each drifting its own way. */
export function seedField(count: number, radius: number, random = Math.random): Field {
	const positions = new Float32Array(count * 3)
	const velocities = new Float32Array(count * 3)
	for (let i = 0; i < count; i++) {
		// Cube root of the radius: equal volume, equal share of particles.
		randomVector(positions, i * 3, radius * Math.cbrt(random()), random)
		randomVector(velocities, i * 3, MIN_SPEED + (MAX_SPEED - MIN_SPEED) * random(), random)
	}
	return { count, positions, velocities }
}

/**
 * Moves every particle for `elapsedMs`; one that leaves the sphere turns back inward (its
 * velocity mirrored on the surface), so the field keeps its shape for ever.
 */
export function stepField(field: Field, elapsedMs: number, radius: number): void {
	const { positions: p, velocities: v, count } = field
	const limit = radius * radius
	for (let i = 0; i < count * 3; i += 3) {
		const x = p[i]! + v[i]! * elapsedMs
		const y = p[i + 1]! + v[i + 1]! * elapsedMs
		const z = p[i + 2]! + v[i + 2]! * elapsedMs
		const r2 = x * x + y * y + z * z
		if (r2 <= limit) {
			p[i] = x
			p[i + 1] = y
			p[i + 2] = z
			continue
		}
		const r = Math.sqrt(r2)
		const [nx, ny, nz] = [x / r, y / r, z / r]
		const outward = v[i]! * nx + v[i + 1]! * ny + v[i + 2]! * nz
		if (outward > 0) {
			v[i] = v[i]! - 2 * outward * nx
			v[i + 1] = v[i + 1]! - 2 * outward * ny
			v[i + 2] = v[i + 2]! - 2 * outward * nz
		}
		p[i] = nx * radius
		p[i + 1] = ny * radius
		p[i + 2] = nz * radius
	}
}

/**
 * Pushes the particles within `reach` of a ray (origin o, unit direction d) away from it,
 * harder the closer they are: the pointer parts the field. `strength` is 0 to 1 (the reset
 * easing); returns how close each particle is to the ray in `closeness` (1 on it, 0 at reach).
 */
export function pushFromRay(
	field: Field,
	ray: { origin: readonly number[]; direction: readonly number[] },
	{ reach, strength, elapsedMs }: { reach: number; strength: number; elapsedMs: number },
	closeness: Float32Array,
): void {
	const { positions: p, velocities: v, count } = field
	const [ox = 0, oy = 0, oz = 0] = ray.origin
	const [dx = 0, dy = 0, dz = 1] = ray.direction
	// Strong enough to see, gentle enough that the drift takes over again.
	const push = 0.00004 * strength * elapsedMs
	const maxSpeed = MAX_SPEED * 3
	for (let i = 0; i < count; i++) {
		const k = i * 3
		const px = p[k]! - ox
		const py = p[k + 1]! - oy
		const pz = p[k + 2]! - oz
		const along = Math.max(0, px * dx + py * dy + pz * dz)
		const ax = px - dx * along
		const ay = py - dy * along
		const az = pz - dz * along
		const distance = Math.sqrt(ax * ax + ay * ay + az * az)
		if (distance >= reach || distance === 0) {
			closeness[i] = 0
			continue
		}
		const near = 1 - distance / reach
		closeness[i] = near
		const force = (push * near * near) / distance
		let vx = v[k]! + ax * force
		let vy = v[k + 1]! + ay * force
		let vz = v[k + 2]! + az * force
		// Pushed particles never race: the drift takes over again.
		const speed = Math.sqrt(vx * vx + vy * vy + vz * vz)
		if (speed > maxSpeed) {
			vx *= maxSpeed / speed
			vy *= maxSpeed / speed
			vz *= maxSpeed / speed
		}
		v[k] = vx
		v[k + 1] = vy
		v[k + 2] = vz
	}
}

/** Reusable memory for findLinks: nothing is allocated per frame. */
export type LinkBuffers = {
	/** Particle index pairs, two per link. */
	pairs: Uint32Array
	/** Distance of each link. */
	distances: Float32Array
	/** Links per particle, this frame. */
	degree: Uint16Array
	cellStart: Int32Array
	cellItems: Int32Array
	cellOf: Int32Array
}

export function createLinkBuffers(count: number, maxLinks: number, cells: number): LinkBuffers {
	return {
		pairs: new Uint32Array(maxLinks * 2),
		distances: new Float32Array(maxLinks),
		degree: new Uint16Array(count),
		cellStart: new Int32Array(cells + 1),
		cellItems: new Int32Array(count),
		cellOf: new Int32Array(count),
	}
}

/** Grid cells along one side of a cube around the sphere, for a given link distance. */
export function gridSide(radius: number, distance: number): number {
	return Math.max(1, Math.ceil((radius * 2) / distance))
}

/**
 * Links between particles closer than `distance`, each particle in at most `maxConnections`
 * links, at most as many links as the buffers hold. A grid of cells `distance` wide keeps it
 * near linear: each particle looks only at its own and the 26 neighbouring cells.
 * Returns the number of links written to `buffers.pairs` and `buffers.distances`.
 */
export function findLinks(
	field: Field,
	{
		radius,
		distance,
		maxConnections,
	}: { radius: number; distance: number; maxConnections: number },
	buffers: LinkBuffers,
): number {
	const { positions: p, count } = field
	const { pairs, distances, degree, cellStart, cellItems, cellOf } = buffers
	const side = gridSide(radius, distance)
	const cells = side * side * side
	if (cellStart.length < cells + 1) throw new Error('findLinks: buffers made for a smaller grid')
	const maxLinks = distances.length
	const cell = (value: number) =>
		Math.min(side - 1, Math.max(0, Math.floor((value + radius) / distance)))

	// Counting sort of the particles by cell.
	cellStart.fill(0)
	degree.fill(0)
	for (let i = 0; i < count; i++) {
		const c = cell(p[i * 3]!) + side * (cell(p[i * 3 + 1]!) + side * cell(p[i * 3 + 2]!))
		cellOf[i] = c
		cellStart[c + 1]!++
	}
	for (let c = 0; c < cells; c++) cellStart[c + 1]! += cellStart[c]!
	const fill = cellStart.slice(0, cells)
	for (let i = 0; i < count; i++) cellItems[fill[cellOf[i]!]!++] = i

	const limit = distance * distance
	let links = 0
	for (let i = 0; i < count && links < maxLinks; i++) {
		if (degree[i]! >= maxConnections) continue
		const c = cellOf[i]!
		const cx = c % side
		const cy = Math.floor(c / side) % side
		const cz = Math.floor(c / (side * side))
		const [x0, y0, z0] = [p[i * 3]!, p[i * 3 + 1]!, p[i * 3 + 2]!]
		neighbours: for (let z = Math.max(0, cz - 1); z <= Math.min(side - 1, cz + 1); z++) {
			for (let y = Math.max(0, cy - 1); y <= Math.min(side - 1, cy + 1); y++) {
				for (let x = Math.max(0, cx - 1); x <= Math.min(side - 1, cx + 1); x++) {
					const n = x + side * (y + side * z)
					for (let s = cellStart[n]!; s < cellStart[n + 1]!; s++) {
						const j = cellItems[s]!
						// Each pair once: from its lower index.
						if (j <= i || degree[j]! >= maxConnections) continue
						const dx = x0 - p[j * 3]!
						const dy = y0 - p[j * 3 + 1]!
						const dz = z0 - p[j * 3 + 2]!
						const d2 = dx * dx + dy * dy + dz * dz
						if (d2 >= limit) continue
						pairs[links * 2] = i
						pairs[links * 2 + 1] = j
						distances[links] = Math.sqrt(d2)
						degree[i]!++
						degree[j]!++
						links++
						if (links >= maxLinks || degree[i]! >= maxConnections) break neighbours
					}
				}
			}
		}
	}
	return links
}

/**
 * Each particle's glow moves toward how close it is to the pointer (times the pointer's
 * presence), at the pace of the 500 ms connection animation (SPEC §9).
 */
export function fadeGlow(
	glow: Float32Array,
	closeness: Float32Array,
	{ strength, elapsedMs }: { strength: number; elapsedMs: number },
): void {
	for (let i = 0; i < glow.length; i++)
		glow[i] = approach(
			glow[i]!,
			closeness[i]! * strength,
			elapsedMs,
			PARTICLES.connectionAnimationMs,
		)
}

type Rgb = readonly [number, number, number]

/**
 * The line segments of `links` links: both ends' positions (6 floats a link) and an RGBA
 * colour per end (8 floats a link), from `base` toward `lit` with the brighter end's glow,
 * and as opaque as linkOpacity says.
 */
export function writeLinks(
	field: Field,
	buffers: LinkBuffers,
	links: number,
	{ glow, distance, base, lit }: { glow: Float32Array; distance: number; base: Rgb; lit: Rgb },
	out: { positions: Float32Array; colors: Float32Array },
): void {
	const { positions: p } = field
	for (let k = 0; k < links; k++) {
		const i = buffers.pairs[k * 2]!
		const j = buffers.pairs[k * 2 + 1]!
		out.positions.set(p.subarray(i * 3, i * 3 + 3), k * 6)
		out.positions.set(p.subarray(j * 3, j * 3 + 3), k * 6 + 3)
		const light = Math.max(glow[i]!, glow[j]!)
		const alpha = linkOpacity(buffers.distances[k]!, distance, light)
		for (let end = 0; end < 8; end += 4) {
			for (let c = 0; c < 3; c++)
				out.colors[k * 8 + end + c] = base[c]! + (lit[c]! - base[c]!) * light
			out.colors[k * 8 + end + 3] = alpha
		}
	}
}
