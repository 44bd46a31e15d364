import { Component, type ComponentType, type ReactNode, useEffect, useState } from 'react'
import { afterLoadWhenIdle } from '~/components/when-idle'
import { canDrawParticles, type ParticleSettings, particleSettings, startDelayMs } from './settings'

type SceneProps = { settings: ParticleSettings; onError: (error: unknown) => void }

/** The warning SPEC §8 lists: the page carries on without the animation. */
function warnRendererFailed(error?: unknown) {
	console.warn('3D renderer failed to start (animation skipped)', error ?? '')
}

/** Cheap probe before fetching three.js: no WebGL, no download. */
function supportsWebGL(): boolean {
	try {
		const canvas = document.createElement('canvas')
		const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl')
		gl?.getExtension('WEBGL_lose_context')?.loseContext()
		return gl !== null
	} catch {
		return false
	}
}

const START_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'scroll', 'touchstart'] as const

function isMobile(): boolean {
	return window.matchMedia('(pointer: coarse)').matches
}

/**
 * When to fetch the 3D code (about 220 KB gzipped): with no delay, in the first idle time after
 * the load event (a desktop starts within 2 s of load, docs/decisions/074, 090); otherwise at the
 * visitor's first interaction or `delayMs` after mounting, whichever comes first, and then when
 * idle, so a decoration never competes with a slow device's first seconds.
 */
function whenWanted(delayMs: number, run: () => void): () => void {
	if (delayMs === 0) return afterLoadWhenIdle(run)
	let stopIdle = () => {}
	const stopWaiting = () => {
		window.clearTimeout(timer)
		for (const type of START_EVENTS) window.removeEventListener(type, start)
	}
	const start = () => {
		stopWaiting()
		stopIdle = afterLoadWhenIdle(run)
	}
	const timer = window.setTimeout(start, delayMs)
	for (const type of START_EVENTS) window.addEventListener(type, start, { passive: true })
	return () => {
		stopWaiting()
		stopIdle()
	}
}

function currentSettings(): ParticleSettings | null {
	const viewport = { width: window.innerWidth, height: window.innerHeight }
	if (!canDrawParticles(viewport)) return null
	return particleSettings({
		...viewport,
		pixelRatio: window.devicePixelRatio || 1,
		mobile: isMobile(),
	})
}

/** A renderer that throws while starting must not take the page with it. */
class SceneBoundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }> {
	state = { failed: false }
	static getDerivedStateFromError() {
		return { failed: true }
	}
	componentDidCatch(error: unknown) {
		this.props.onError(error)
	}
	render() {
		return this.state.failed ? null : this.props.children
	}
}

let loadedScene: ComponentType<SceneProps> | undefined

/**
 * The decorative particle background of the lead-generation layout (SPEC §2, §4), rendered by
 * the layout only in dark mode without reduced motion (layouts.tsx); never below 320×240. The
 * 3D code is a separate chunk fetched after the page is interactive: on a desktop in the first
 * idle time after the load event, elsewhere at the first interaction or 4 s after it
 * (whenWanted, startDelayMs).
 */
export function ParticleBackground() {
	const [Scene, setScene] = useState(() => loadedScene)
	const [settings, setSettings] = useState<ParticleSettings | null>(null)
	const [failed, setFailed] = useState(false)
	const wanted = !failed

	useEffect(() => {
		if (!wanted) return
		const update = () => setSettings(currentSettings())
		update()
		window.addEventListener('resize', update)
		return () => window.removeEventListener('resize', update)
	}, [wanted])

	useEffect(() => {
		if (!wanted || Scene || !settings) return
		let cancelled = false
		const delay = startDelayMs({ width: window.innerWidth, mobile: isMobile() })
		const cancelIdle = whenWanted(delay, () => {
			if (!supportsWebGL()) {
				warnRendererFailed('WebGL is not available')
				setFailed(true)
				return
			}
			import('./particle-scene')
				.then((module) => {
					loadedScene = module.default
					if (!cancelled) setScene(() => module.default)
				})
				.catch((error) => {
					setFailed(true)
					// Unhandled on purpose: the document's chunk guard reloads the page, at most
					// once per 10 s (app/http/chunk-reload.server.ts).
					throw error
				})
		})
		return () => {
			cancelled = true
			cancelIdle()
		}
	}, [wanted, Scene, settings])

	if (!wanted || !Scene || !settings) return null
	const onError = (error: unknown) => {
		warnRendererFailed(error)
		setFailed(true)
	}
	return (
		<SceneBoundary onError={onError}>
			<Scene settings={settings} onError={onError} />
		</SceneBoundary>
	)
}
