/**
 * The 3D particle background (SPEC §2, §4, §9; docs/decisions/051, 090). Loaded as its own
 * chunk by particle-background.tsx, only in dark mode and after the page is interactive:
 * nothing here may be imported by the first load.
 *
 * A network of particles drifting inside a sphere, every two closer than the connection
 * distance linked (network.ts). The pointer's ray, cast at most every 100 ms, parts the field
 * and lights the particles and links near it (fading in over 500 ms); when the pointer or touch
 * leaves, or an input gets focus, that eases away after 300 ms over 1000 ms.
 */
// drei's public entry: its package is side-effect free, so the build keeps only this helper
// (the particle chunk is the same size as with a deep import of the helper's file).
import { shaderMaterial } from '@react-three/drei'
import { Canvas, useFrame, useThree } from '@react-three/fiber'
import { useEffect, useMemo, useRef, useState } from 'react'
import * as THREE from 'three'
import {
	createLinkBuffers,
	fadeGlow,
	findLinks,
	gridSide,
	pushFromRay,
	seedField,
	stepField,
	writeLinks,
} from './network'
import {
	PARTICLES,
	type ParticleSettings,
	pointerPresence,
	SPHERE_RADIUS as RADIUS,
	throttle,
} from './settings'

const BASE = new THREE.Color('#818cf8') // indigo-400
const ACCENT = new THREE.Color('#c084fc') // purple-400
const GLOW = new THREE.Color('#67e8f9') // cyan-300
const BASE_RGB = [BASE.r, BASE.g, BASE.b] as const
const GLOW_RGB = [GLOW.r, GLOW.g, GLOW.b] as const
/** How far the pointer tilts the sphere, in radians, at the edge of the screen. */
const MAX_TILT = 0.15
/** One turn in about four minutes. */
const SPIN_PER_MS = (Math.PI * 2) / 240_000
/** The pointer's ray reaches particles this far from it (scene units). */
const POINTER_REACH = 220
/** A long pause (a background tab) must not make the field jump. */
const MAX_STEP_MS = 50
/** Links drawn at most, whatever the screen: bounds the GPU and the per-frame work. */
const MAX_LINKS = 9000

const ParticleMaterial = shaderMaterial(
	{ uSize: 4, uPixelRatio: 1, uTime: 0, uBase: BASE, uAccent: ACCENT, uGlow: GLOW },
	/* glsl */ `
	attribute float aGlow;
	attribute float aSeed;
	uniform float uSize;
	uniform float uPixelRatio;
	uniform float uTime;
	varying float vGlow;
	varying float vSeed;
	varying float vTwinkle;
	void main() {
		vec4 view = modelViewMatrix * vec4(position, 1.0);
		gl_Position = projectionMatrix * view;
		vGlow = aGlow;
		vSeed = aSeed;
		vTwinkle = 0.7 + 0.3 * sin(uTime * 0.0015 + aSeed * 40.0);
		gl_PointSize = uSize * uPixelRatio * (1.0 + 2.5 * aGlow) * (1000.0 / -view.z);
	}`,
	/* glsl */ `
	uniform vec3 uBase;
	uniform vec3 uAccent;
	uniform vec3 uGlow;
	varying float vGlow;
	varying float vSeed;
	varying float vTwinkle;
	void main() {
		float d = length(gl_PointCoord - 0.5);
		if (d > 0.5) discard;
		float soft = smoothstep(0.5, 0.1, d);
		vec3 color = mix(mix(uBase, uAccent, vSeed), uGlow, vGlow);
		gl_FragColor = vec4(color, soft * vTwinkle * (0.75 + 0.25 * vGlow));
	}`,
)

/**
 * Pointer, touch and focus, as the scene needs them: where the pointer is (normalised device
 * coordinates), and when the visitor last left, so the scene eases back to rest (SPEC §4).
 */
function usePointer() {
	const state = useRef({ x: 0, y: 0, active: false, leftAt: Number.NEGATIVE_INFINITY })
	useEffect(() => {
		const pointer = state.current
		const move = (event: PointerEvent) => {
			pointer.x = (event.clientX / window.innerWidth) * 2 - 1
			pointer.y = -(event.clientY / window.innerHeight) * 2 + 1
			pointer.active = true
		}
		const leave = () => {
			if (!pointer.active) return
			pointer.active = false
			pointer.leftAt = performance.now()
		}
		const out = (event: PointerEvent) => {
			if (event.relatedTarget === null) leave()
		}
		const focus = (event: FocusEvent) => {
			if ((event.target as Element | null)?.matches?.('input, textarea, select, [contenteditable]'))
				leave()
		}
		window.addEventListener('pointermove', move, { passive: true })
		document.addEventListener('pointerout', out)
		window.addEventListener('touchend', leave, { passive: true })
		window.addEventListener('touchcancel', leave, { passive: true })
		document.addEventListener('focusin', focus)
		return () => {
			window.removeEventListener('pointermove', move)
			document.removeEventListener('pointerout', out)
			window.removeEventListener('touchend', leave)
			window.removeEventListener('touchcancel', leave)
			document.removeEventListener('focusin', focus)
		}
	}, [])
	return state
}

function Network({ settings }: { settings: ParticleSettings }) {
	const group = useRef<THREE.Group>(null)
	const pointer = usePointer()
	const { camera, gl } = useThree()
	const { count, connectionDistance, maxConnections } = settings

	const scene = useMemo(() => {
		const field = seedField(count, RADIUS)
		const seeds = new Float32Array(count).map(() => Math.random())
		const closeness = new Float32Array(count)
		const glow = new Float32Array(count)
		const points = new THREE.BufferGeometry()
		points.setAttribute('position', new THREE.BufferAttribute(field.positions, 3))
		points.setAttribute('aSeed', new THREE.BufferAttribute(seeds, 1))
		points.setAttribute('aGlow', new THREE.BufferAttribute(glow, 1))
		const lines = new THREE.BufferGeometry()
		const linePositions = new THREE.BufferAttribute(new Float32Array(MAX_LINKS * 6), 3)
		const lineColors = new THREE.BufferAttribute(new Float32Array(MAX_LINKS * 8), 4)
		lines.setAttribute('position', linePositions)
		lines.setAttribute('color', lineColors)
		lines.setDrawRange(0, 0)
		const side = gridSide(RADIUS, connectionDistance)
		const buffers = createLinkBuffers(count, MAX_LINKS, side * side * side)
		const material = new ParticleMaterial()
		Object.assign(material, {
			transparent: true,
			depthWrite: false,
			blending: THREE.AdditiveBlending,
		})
		return { field, closeness, glow, points, lines, linePositions, lineColors, buffers, material }
	}, [count, connectionDistance])

	useEffect(
		() => () => {
			scene.points.dispose()
			scene.lines.dispose()
			scene.material.dispose()
		},
		[scene],
	)

	const motion = useRef({
		last: 0,
		raycastReady: throttle(PARTICLES.raycastThrottleMs),
		lastRaycast: 0,
		tiltX: 0,
		tiltY: 0,
		raycaster: new THREE.Raycaster(),
		ray: new THREE.Ray(),
		inverse: new THREE.Matrix4(),
		ndc: new THREE.Vector2(),
	})

	useFrame(() => {
		const g = group.current
		if (!g) return
		const m = motion.current
		const now = performance.now()
		const elapsed = m.last ? Math.min(now - m.last, MAX_STEP_MS) : PARTICLES.frameIntervalMs
		m.last = now
		const p = pointer.current
		const strength = pointerPresence(p, now)
		const { field, closeness, glow, buffers, material } = scene

		// Spin always; tilt toward the pointer, easing back to rest after it leaves.
		g.rotation.y += SPIN_PER_MS * elapsed
		m.tiltX += (-p.y * MAX_TILT * strength - m.tiltX) * 0.06
		m.tiltY += (p.x * MAX_TILT * strength - m.tiltY) * 0.06
		g.rotation.x = m.tiltX
		g.rotation.z = -m.tiltY * 0.5

		stepField(field, elapsed, RADIUS)

		// The pointer's ray in the sphere's own space, at most every 100 ms (SPEC §9).
		if (strength > 0 && m.raycastReady(now)) {
			m.raycaster.setFromCamera(m.ndc.set(p.x, p.y), camera)
			g.updateMatrixWorld()
			m.ray.copy(m.raycaster.ray).applyMatrix4(m.inverse.copy(g.matrixWorld).invert())
			pushFromRay(
				field,
				{ origin: m.ray.origin.toArray(), direction: m.ray.direction.toArray() },
				{ reach: POINTER_REACH, strength, elapsedMs: now - m.lastRaycast },
				closeness,
			)
			m.lastRaycast = now
		}
		fadeGlow(glow, closeness, { strength, elapsedMs: elapsed })

		const links = findLinks(
			field,
			{ radius: RADIUS, distance: connectionDistance, maxConnections },
			buffers,
		)
		writeLinks(
			field,
			buffers,
			links,
			{ glow, distance: connectionDistance, base: BASE_RGB, lit: GLOW_RGB },
			{
				positions: scene.linePositions.array as Float32Array,
				colors: scene.lineColors.array as Float32Array,
			},
		)
		scene.lines.setDrawRange(0, links * 2)
		scene.linePositions.needsUpdate = true
		scene.lineColors.needsUpdate = true
		;(scene.points.getAttribute('position') as THREE.BufferAttribute).needsUpdate = true
		;(scene.points.getAttribute('aGlow') as THREE.BufferAttribute).needsUpdate = true
		material.uniforms.uTime!.value = now
		material.uniforms.uPixelRatio!.value = gl.getPixelRatio()
	})

	return (
		<group ref={group}>
			<points geometry={scene.points} material={scene.material} frustumCulled={false} />
			<lineSegments geometry={scene.lines} frustumCulled={false}>
				<lineBasicMaterial
					vertexColors
					transparent
					depthWrite={false}
					blending={THREE.AdditiveBlending}
				/>
			</lineSegments>
		</group>
	)
}

/**
 * Draws a frame every ~16 ms (SPEC §9), whatever the display's refresh rate, and none at all
 * while `running` is false (a hidden tab).
 */
function FrameInterval({ running }: { running: boolean }) {
	const advance = useThree((state) => state.advance)
	useEffect(() => {
		if (!running) return
		// A millisecond of slack: a 60 Hz display's frames come every 16.7 ms, give or take.
		const ready = throttle(PARTICLES.frameIntervalMs - 1)
		let frame = 0
		const tick = (now: number) => {
			frame = requestAnimationFrame(tick)
			if (ready(now)) advance(now)
		}
		frame = requestAnimationFrame(tick)
		return () => cancelAnimationFrame(frame)
	}, [running, advance])
	return null
}

/** Hidden tabs draw nothing until they are shown again. */
function usePageVisible(): boolean {
	const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden')
	useEffect(() => {
		const update = () => setVisible(document.visibilityState !== 'hidden')
		document.addEventListener('visibilitychange', update)
		return () => document.removeEventListener('visibilitychange', update)
	}, [])
	return visible
}

export default function ParticleScene({
	settings,
	onError,
}: {
	settings: ParticleSettings
	onError: (error: unknown) => void
}) {
	const visible = usePageVisible()
	// Unmounting (light mode) disposes the renderer, which loses its context on purpose.
	const mounted = useRef(true)
	useEffect(() => {
		mounted.current = true
		return () => {
			mounted.current = false
		}
	}, [])
	return (
		<div
			aria-hidden="true"
			data-testid="particles"
			data-state={visible ? 'running' : 'paused'}
			className="pointer-events-none fixed inset-0 -z-10"
		>
			<Canvas
				frameloop="never"
				dpr={[1, PARTICLES.maxPixelRatio]}
				camera={{ position: [0, 0, 1300], fov: 60, near: 1, far: 5000 }}
				gl={{ antialias: false, alpha: true, powerPreference: 'low-power' }}
				onCreated={({ gl }) => {
					gl.domElement.addEventListener('webglcontextlost', (event) => {
						event.preventDefault()
						if (mounted.current) onError(new Error('WebGL context lost'))
					})
				}}
			>
				<FrameInterval running={visible} />
				<Network settings={settings} />
			</Canvas>
		</div>
	)
}
