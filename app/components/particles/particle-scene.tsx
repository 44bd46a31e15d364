/**
 * The 3D particle background (SPEC §2, §4, §9). Loaded as its own chunk by
 * particle-background.tsx, only in dark mode and after the page is interactive: nothing here
 * may be imported by the first load.
 */
// Straight from its file: drei's index pulls in every helper it has.
import { PointMaterial } from '@react-three/drei/core/PointMaterial.js'
import { Canvas, useFrame, useThree } from '@react-three/fiber'
import { useEffect, useMemo, useRef, useState } from 'react'
import * as THREE from 'three'
import { easeInOut, PARTICLES, type ParticleSettings } from './settings'

const COLOR = new THREE.Color('#818cf8')
/** How far the pointer tilts the sphere, in radians, at the edge of the screen. */
const MAX_TILT = 0.12
/** One turn in about seven minutes. */
const SPIN_PER_MS = (Math.PI * 2) / 420_000

type Link = { index: number; bornAt: number }

/** Random points filling a sphere evenly (cube root of the radius: equal volume, equal share). */
function spherePositions(count: number): Float32Array {
	const radius = PARTICLES.sphereSize / 2
	const positions = new Float32Array(count * 3)
	const direction = new THREE.Vector3()
	for (let i = 0; i < count; i++) {
		direction.randomDirection().multiplyScalar(radius * Math.cbrt(Math.random()))
		direction.toArray(positions, i * 3)
	}
	return positions
}

/**
 * Pointer, touch and focus, as the scene needs them: where the pointer is (normalised device
 * coordinates), and when the visitor last left, so the scene eases back to rest.
 */
function usePointer() {
	const state = useRef({ x: 0, y: 0, active: false, leftAt: 0 })
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

/** 1 while the pointer is in, easing to 0 from 300 ms after it left, over 1000 ms. */
function presence(pointer: { active: boolean; leftAt: number }, now: number): number {
	if (pointer.active) return 1
	const elapsed = now - pointer.leftAt - PARTICLES.resetDelayMs
	if (elapsed <= 0) return 1
	return 1 - easeInOut(elapsed / PARTICLES.resetDurationMs)
}

function Particles({ settings }: { settings: ParticleSettings }) {
	const group = useRef<THREE.Group>(null)
	const lines = useRef<THREE.LineSegments>(null)
	const pointer = usePointer()
	const { camera } = useThree()
	const positions = useMemo(() => spherePositions(settings.count), [settings.count])
	const lineBuffers = useMemo(
		() => ({
			position: new THREE.BufferAttribute(new Float32Array(settings.maxConnections * 6), 3),
			color: new THREE.BufferAttribute(new Float32Array(settings.maxConnections * 8), 4),
		}),
		[settings.maxConnections],
	)
	const scratch = useMemo(
		() => ({
			raycaster: new THREE.Raycaster(),
			ray: new THREE.Ray(),
			inverse: new THREE.Matrix4(),
			point: new THREE.Vector3(),
			anchor: new THREE.Vector3(),
			ndc: new THREE.Vector2(),
		}),
		[],
	)
	const clock = useRef({ sinceFrame: 0, lastRaycast: 0, links: [] as Link[], tiltX: 0, tiltY: 0 })

	useFrame((_state, delta) => {
		const c = clock.current
		// Throttle to the SPEC's frame interval on displays faster than 60 Hz.
		c.sinceFrame += delta * 1000
		if (c.sinceFrame < PARTICLES.frameIntervalMs - 1) return
		const elapsed = c.sinceFrame
		c.sinceFrame = 0
		const now = performance.now()
		const g = group.current
		if (!g) return
		const p = pointer.current
		const strength = presence(p, now)

		// Spin always; tilt toward the pointer, easing back to rest after it leaves.
		g.rotation.y += SPIN_PER_MS * elapsed
		c.tiltX += (p.y * MAX_TILT * strength - c.tiltX) * 0.08
		c.tiltY += (p.x * MAX_TILT * strength - c.tiltY) * 0.08
		g.rotation.x = c.tiltX
		g.position.x = c.tiltY * 400

		if (p.active && now - c.lastRaycast >= PARTICLES.raycastThrottleMs) {
			c.lastRaycast = now
			c.links = nearestToRay({ g, camera, p, now, previous: c.links })
		}
		if (strength === 0) c.links = []
		drawLinks(now, strength)
	})

	/** The particles closest to the pointer's ray, up to the link limit; old links keep their age. */
	function nearestToRay({
		g,
		camera,
		p,
		now,
		previous,
	}: {
		g: THREE.Group
		camera: THREE.Camera
		p: { x: number; y: number }
		now: number
		previous: Link[]
	}): Link[] {
		const { raycaster, ray, inverse, point } = scratch
		raycaster.setFromCamera(scratch.ndc.set(p.x, p.y), camera)
		g.updateMatrixWorld()
		ray.copy(raycaster.ray).applyMatrix4(inverse.copy(g.matrixWorld).invert())
		const limit = settings.connectionDistance ** 2
		const found: { index: number; distance: number }[] = []
		for (let i = 0; i < settings.count; i++) {
			point.fromArray(positions, i * 3)
			const distance = ray.distanceSqToPoint(point)
			if (distance < limit) found.push({ index: i, distance })
		}
		found.sort((a, b) => a.distance - b.distance)
		const born = new Map(previous.map((link) => [link.index, link.bornAt]))
		return found
			.slice(0, settings.maxConnections)
			.map(({ index }) => ({ index, bornAt: born.get(index) ?? now }))
	}

	/** Each link runs from its particle to the ray's point nearest the sphere's centre. */
	function drawLinks(now: number, strength: number) {
		const segments = lines.current
		if (!segments) return
		const { anchor, ray } = scratch
		ray.closestPointToPoint(anchor.set(0, 0, 0), anchor)
		const position = lineBuffers.position.array as Float32Array
		const color = lineBuffers.color.array as Float32Array
		const links = clock.current.links
		links.forEach((link, i) => {
			position.set(positions.subarray(link.index * 3, link.index * 3 + 3), i * 6)
			anchor.toArray(position, i * 6 + 3)
			const alpha =
				0.5 * strength * easeInOut((now - link.bornAt) / PARTICLES.connectionAnimationMs)
			for (const v of [0, 1]) {
				color.set([COLOR.r, COLOR.g, COLOR.b, v === 0 ? alpha : alpha * 0.2], i * 8 + v * 4)
			}
		})
		segments.geometry.setDrawRange(0, links.length * 2)
		lineBuffers.position.needsUpdate = true
		lineBuffers.color.needsUpdate = true
	}

	return (
		<group ref={group}>
			<points>
				<bufferGeometry>
					<bufferAttribute attach="attributes-position" args={[positions, 3]} />
				</bufferGeometry>
				<PointMaterial
					transparent
					color={COLOR}
					size={3}
					sizeAttenuation
					depthWrite={false}
					opacity={0.55}
				/>
			</points>
			<lineSegments ref={lines} frustumCulled={false}>
				<bufferGeometry attributes={{ position: lineBuffers.position, color: lineBuffers.color }} />
				<lineBasicMaterial vertexColors transparent depthWrite={false} />
			</lineSegments>
		</group>
	)
}

/** Hidden tabs draw nothing (the frame loop stops) until they are shown again. */
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
				frameloop={visible ? 'always' : 'never'}
				dpr={[1, PARTICLES.maxPixelRatio]}
				camera={{ position: [0, 0, 1100], fov: 60, near: 1, far: 4000 }}
				gl={{ antialias: false, alpha: true, powerPreference: 'low-power' }}
				onCreated={({ gl }) => {
					gl.domElement.addEventListener('webglcontextlost', (event) => {
						event.preventDefault()
						if (mounted.current) onError(new Error('WebGL context lost'))
					})
				}}
			>
				<Particles settings={settings} />
			</Canvas>
		</div>
	)
}
