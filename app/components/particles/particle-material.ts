/**
 * How a particle is drawn (docs/decisions/090): a soft disc in the field's colours that
 * twinkles, and grows and turns cyan as the pointer lights it (its aGlow).
 */
// drei's public entry: its package is side-effect free, so the build keeps only this helper
// (the particle chunk is the same size as with a deep import of the helper's file).
import { shaderMaterial } from '@react-three/drei'
import * as THREE from 'three'

const BASE = new THREE.Color('#818cf8') // indigo-400
const ACCENT = new THREE.Color('#c084fc') // purple-400
const GLOW = new THREE.Color('#67e8f9') // cyan-300
export const BASE_RGB = [BASE.r, BASE.g, BASE.b] as const
export const GLOW_RGB = [GLOW.r, GLOW.g, GLOW.b] as const

export const ParticleMaterial = shaderMaterial(
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
