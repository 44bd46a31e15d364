// Compiles server.ts next to the Remix server build; app imports stay bundled, packages external.
import { build } from 'esbuild'

await build({
	entryPoints: ['server.ts'],
	outfile: 'build/server.js',
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	packages: 'external',
	alias: { '~': './app' },
	sourcemap: true,
	logLevel: 'warning',
})
