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

/** The sphere's radius, in scene units. */
export const SPHERE_RADIUS = PARTICLES.sphereSize / 2

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

/**
 * How much the pointer counts (SPEC §4): 1 while it is over the page; once pointer or touch
 * left, or an input got focus, it stays 1 for 300 ms and then eases to 0 over 1000 ms.
 */
export function pointerPresence(pointer: { active: boolean; leftAt: number }, now: number): number {
	if (pointer.active) return 1
	const elapsed = now - pointer.leftAt - PARTICLES.resetDelayMs
	if (elapsed <= 0) return 1
	return 1 - easeInOut(elapsed / PARTICLES.resetDurationMs)
}

/**
 * A gate that opens at most once per `intervalMs` (the 100 ms ray-cast throttle, the ~16 ms
 * frame interval): `ready(now)` is true, and restarts the interval, when it has passed.
 */
export function throttle(intervalMs: number): (now: number) => boolean {
	let last = Number.NEGATIVE_INFINITY
	return (now) => {
		if (now - last < intervalMs) return false
		last = now
		return true
	}
}

/** Moves `current` toward `target` by at most elapsed / duration: a link's 500 ms fade. */
export function approach(
	current: number,
	target: number,
	elapsedMs: number,
	durationMs: number,
): number {
	const step = durationMs > 0 ? elapsedMs / durationMs : 1
	return current < target ? Math.min(target, current + step) : Math.max(target, current - step)
}

/**
 * How visible a link is: fading with distance (nothing at the connection distance), brighter
 * near the pointer (`glow` 0 to 1, already eased).
 */
export function linkOpacity(distance: number, connectionDistance: number, glow: number): number {
	const near = Math.max(0, 1 - distance / connectionDistance)
	return near * (0.3 + 0.7 * Math.min(Math.max(glow, 0), 1))
}

const DESKTOP_MIN_WIDTH = 1024
const SMALL_SCREEN_START_DELAY_MS = 4000

/**
 * How long after the load event the 3D chunk is fetched when the visitor has not interacted:
 * a desktop (fine pointer, 1024 px or wider) starts at once, in idle time, so the particles are
 * up within 2 s (DESIGN.md); phones and small windows wait 4 s, so a decoration never competes
 * with a slow device's first seconds (docs/decisions/051, 090).
 */
export function startDelayMs({ width, mobile }: { width: number; mobile: boolean }): number {
	return !mobile && width >= DESKTOP_MIN_WIDTH ? 0 : SMALL_SCREEN_START_DELAY_MS
}
