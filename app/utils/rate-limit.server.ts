/**
 * A fixed-window counter per client address (docs/decisions/063), checked by server.ts before
 * Remix (and so before any database work). Counts live in this process: with N app servers
 * behind a balancer a visitor gets up to N times the limit, which is fine for keeping floods
 * of form posts out and costs no shared store.
 */
export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export class RateLimiter {
	private windows = new Map<string, { start: number; count: number }>()
	private lastSweep = 0

	constructor(
		private readonly max: number,
		private readonly windowMs: number,
		private readonly now: () => number = Date.now,
	) {}

	hit(key: string): RateLimitResult {
		const now = this.now()
		this.sweep(now)
		let window = this.windows.get(key)
		if (!window || now - window.start >= this.windowMs) {
			window = { start: now, count: 0 }
			this.windows.set(key, window)
		}
		window.count += 1
		if (window.count <= this.max) return { allowed: true }
		return {
			allowed: false,
			retryAfterSeconds: Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)),
		}
	}

	/** Drops finished windows now and then, so memory follows the active visitors only. */
	private sweep(now: number) {
		if (now - this.lastSweep < this.windowMs) return
		this.lastSweep = now
		for (const [key, window] of this.windows) {
			if (now - window.start >= this.windowMs) this.windows.delete(key)
		}
	}
}

/**
 * Whether a POST's Origin header is acceptable: absent (older clients, some privacy tools), or
 * the site's own origin. A foreign origin is a cross-site form post: refused.
 */
export function isAllowedOrigin(originHeader: string | undefined, siteOrigins: string[]): boolean {
	if (originHeader === undefined || originHeader === '') return true
	return siteOrigins.includes(originHeader)
}
