import path from 'node:path'
import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import remixConfig from './remix.config.js'

export default defineConfig({
	resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
	build: {
		// The icon sprite is referenced as `sprite.svg#name`, which a data: URL cannot be.
		assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
		// Terser writes the framework chunk 3 KB smaller (gzipped) than esbuild: the first load
		// has a budget (docs/decisions/098).
		minify: 'terser',
		// Every browser the site supports loads module preloads natively.
		modulePreload: { polyfill: false },
	},
	plugins: [remix(remixConfig)],
})
