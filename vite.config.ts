import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig, type Rollup } from 'vite'
import remixConfig from './remix.config.js'

// Single fetch's types (remix.config.js turns it on): loaders' data reaches components as it was
// returned (Dates stay Dates), not as JSON (docs/decisions/143).
declare module '@remix-run/node' {
	interface Future {
		v3_singleFetch: true
	}
}

/**
 * This build's version (app/http/build-version.server.ts): the server bundle is written once per
 * build, so the root loader and /build-version always agree on it.
 */
const buildVersion = randomUUID()

const appDirectory = path.resolve(import.meta.dirname, 'app')
const rootModule = path.join(appDirectory, 'root.tsx')
const entryModule = path.join(appDirectory, 'entry.client.tsx')

/**
 * The browser's first load in two chunks besides the entry and the route: the framework (every
 * library the root route and the browser entry import) and the site's shell (the root route and
 * every module of the app it imports). Rollup would otherwise split the shell into a dozen small
 * files by which other routes share them, each gzipped on its own: 12.0 KB in 14 files on `/`
 * became 7.5 KB in one (docs/decisions/126). Only the static graph counts: an island's code,
 * which the browser reaches only through its `import()` (components/deferred.tsx), keeps its
 * own chunk. Rollup puts every static import of a manual chunk's module in that chunk, even one
 * whose bindings the build dropped, so a module both imported statically by the shell and
 * dynamically elsewhere stops the build instead of joining the first load unseen.
 */
function firstLoadChunks(): Rollup.GetManualChunk {
	let firstLoad: Map<string, 'framework' | 'shell'> | undefined
	return (id, { getModuleInfo }) => {
		if (!firstLoad) {
			const chunks = new Map<string, 'framework' | 'shell'>()
			const walk = (moduleId: string) => {
				const info = getModuleInfo(moduleId)
				const library = moduleId.includes('/node_modules/')
				if (chunks.has(moduleId) || !info || (!library && !info.isIncluded)) return
				if (!library && (!moduleId.startsWith(appDirectory) || moduleId.includes('?'))) return
				if (!library && moduleId !== rootModule && info.dynamicImporters.length > 0)
					throw new Error(
						`${moduleId} is imported statically by the first load and dynamically by ${info.dynamicImporters.join(', ')}: make it one or the other`,
					)
				chunks.set(moduleId, library ? 'framework' : 'shell')
				for (const imported of info.importedIds) walk(imported)
			}
			walk(rootModule)
			for (const imported of getModuleInfo(entryModule)?.importedIds ?? []) walk(imported)
			firstLoad = chunks
		}
		return firstLoad.get(id)
	}
}

export default defineConfig(({ isSsrBuild }) => ({
	resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
	define: { __BUILD_VERSION__: JSON.stringify(buildVersion) },
	build: {
		// The icon sprite is referenced as `sprite.svg#name`, which a data: URL cannot be.
		assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
		// Terser writes the framework chunk 3 KB smaller (gzipped) than esbuild: the first load
		// has a budget (docs/decisions/098). The output is ES modules, and a second pass of its
		// compressor takes 250 bytes more off the first load (126).
		minify: 'terser',
		terserOptions: { module: true, compress: { passes: 2 } },
		// Every browser the site supports loads module preloads natively.
		modulePreload: { polyfill: false },
		rollupOptions: isSsrBuild ? {} : { output: { manualChunks: firstLoadChunks() } },
	},
	plugins: [remix(remixConfig)],
}))
