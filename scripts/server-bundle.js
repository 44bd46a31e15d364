// How server.ts and the command-line scripts are bundled (esbuild): app imports bundled, packages
// external. Used by `npm run build` (scripts/build-server.js, build-content.js) and `npm run dev`
// (scripts/dev.js).
export const serverBundleOptions = {
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	packages: 'external',
	alias: { '~': './app' },
	sourcemap: true,
	logLevel: 'warning',
}
