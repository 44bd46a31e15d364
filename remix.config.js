/**
 * The Remix options, passed to Remix's Vite plugin by vite.config.ts (the build itself is
 * Vite's: docs/decisions/098). `npm run build` writes build/client (the browser's files, served
 * under /assets/ and /) and build/server/index.js (the server build that server.ts serves).
 * @type {import('@remix-run/dev').VitePluginConfig}
 */
export default {
	appDirectory: 'app',
	buildDirectory: 'build',
	serverModuleFormat: 'esm',
	future: {
		v3_fetcherPersist: true,
		v3_relativeSplatPath: true,
		v3_throwAbortReason: true,
		v3_lazyRouteDiscovery: true,
		v3_routeConfig: true,
		v3_singleFetch: true,
	},
}
