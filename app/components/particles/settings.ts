/**
 * The particle background's numbers (SPEC §9), in one place. Distances are in scene units,
 * where the particle sphere is SPHERE_SIZE across; times are in milliseconds.
 */
export const PARTICLES = {
	/** Particle count range, scaled by screen area (see particleSettings). */
	minCount: 1000,
	maxCount: 2800,
	/** Device pixel ratio counted at most 2: denser screens do not get more particles. */
	maxPixelRatio: 2,
	/** Phones and tablets draw 70% of the particles. */
	mobileFactor: 0.7,
	/** A pointer links to particles closer than this, 100 on small screens to 150 on large. */
	minConnectionDistance: 100,
	maxConnectionDistance: 150,
	/** At most this many links at once, 30 on small screens to 50 on large. */
	minConnections: 30,
	maxConnections: 50,
	/** About 60 updates a second, whatever the display's refresh rate. */
	frameIntervalMs: 16,
	/** Pointer ray casts at most every 100 ms. */
	raycastThrottleMs: 100,
	/** A new link fades in over 500 ms. */
	connectionAnimationMs: 500,
	/** Pointer or touch left, or an input got focus: wait 300 ms, then ease back over 1000 ms. */
	resetDelayMs: 300,
	resetDurationMs: 1000,
	/** The particles fill a sphere 1800 units across. */
	sphereSize: 1800,
	/** Nothing is drawn in viewports smaller than 320×240. */
	minViewportWidth: 320,
	minViewportHeight: 240,
} as const

/**
 * The screen area (in device pixels, ratio capped at 2) at which the counts reach their
 * maximum: a 1920×1080 display at ratio 2. Smaller screens scale down linearly.
 */
const FULL_AREA = 1920 * 1080 * 2 * 2

export type Viewport = { width: number; height: number; pixelRatio: number; mobile: boolean }

export type ParticleSettings = {
	count: number
	connectionDistance: number
	maxConnections: number
}

/** Whether the viewport is big enough to draw anything at all. */
export function canDrawParticles({ width, height }: Pick<Viewport, 'width' | 'height'>): boolean {
	return width >= PARTICLES.minViewportWidth && height >= PARTICLES.minViewportHeight
}

const lerp = (from: number, to: number, t: number) => from + (to - from) * t

/** Count and link limits for a viewport: linear in screen area between the SPEC's bounds. */
export function particleSettings(viewport: Viewport): ParticleSettings {
	const ratio = Math.min(Math.max(viewport.pixelRatio, 1), PARTICLES.maxPixelRatio)
	const area = viewport.width * viewport.height * ratio * ratio
	const t = Math.min(Math.max(area / FULL_AREA, 0), 1)
	const base = lerp(PARTICLES.minCount, PARTICLES.maxCount, t)
	return {
		count: Math.round(base * (viewport.mobile ? PARTICLES.mobileFactor : 1)),
		connectionDistance: Math.round(
			lerp(PARTICLES.minConnectionDistance, PARTICLES.maxConnectionDistance, t),
		),
		maxConnections: Math.round(lerp(PARTICLES.minConnections, PARTICLES.maxConnections, t)),
	}
}

/** Smooth start and end for the reset and link animations (t from 0 to 1). */
export function easeInOut(t: number): number {
	const x = Math.min(Math.max(t, 0), 1)
	return x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2
}
