// Compiles content/**/*.mdx to build/content/content.json (rendered HTML, tables of contents,
// metadata) and build/content/site.json (content/site/*.yml), and draws the social images into
// build/content/images/. Apart from the site's Vite build: `npm run build` writes them there,
// `npm run dev` the same files under build/dev/content (docs/decisions/151). An invalid file stops the build with its name and the field.
//
//   node scripts/build-content.js [--content DIR] [--out DIR]
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { build } from 'esbuild'
import { serverBundleOptions } from './server-bundle.js'

const { values } = parseArgs({
	options: {
		content: { type: 'string', default: 'content' },
		out: { type: 'string', default: 'build/content' },
	},
})

// The compiler is TypeScript/TSX under app/ (it renders the content blocks), so it is bundled
// first, next to the project so its packages load from node_modules. One file per process:
// a test may run this script while a build does.
fs.mkdirSync('build', { recursive: true })
const bundled = path.resolve('build', `.content-compiler-${process.pid}.mjs`)
await build({
	entryPoints: ['app/content/compile.server.tsx'],
	outfile: bundled,
	...serverBundleOptions,
	sourcemap: false,
	plugins: [iconSpritePlaceholder()],
})

/**
 * Content blocks draw icons from the sprite (app/assets/icons.svg), whose URL the site's
 * Vite build fingerprints: compiled content names it by a placeholder, which the server
 * replaces with the sprite's URL (app/content/content.server.ts).
 */
function iconSpritePlaceholder() {
	return {
		name: 'icon-sprite-placeholder',
		setup(esbuild) {
			esbuild.onResolve({ filter: /\.svg$/ }, (args) => ({
				path: args.path,
				namespace: 'icon-sprite',
			}))
			esbuild.onLoad({ filter: /.*/, namespace: 'icon-sprite' }, () => ({
				contents: `export { ICON_SPRITE_PLACEHOLDER as default } from ${JSON.stringify(path.resolve('app/content/schema.ts'))}`,
				resolveDir: path.resolve('app/content'),
				loader: 'js',
			}))
		},
	}
}

const { buildContent, ContentError } = await import(pathToFileURL(bundled).href)
const started = Date.now()
try {
	const bundle = await buildContent({
		contentDir: values.content,
		outDir: values.out,
	})
	const counts = {}
	for (const item of bundle.items) counts[item.kind] = (counts[item.kind] ?? 0) + 1
	const summary = Object.entries(counts)
		.map(([kind, n]) => `${n} ${kind}`)
		.join(', ')
	console.log(`Content: ${summary || 'no items'} in ${Date.now() - started} ms`)
} catch (error) {
	if (!(error instanceof ContentError)) throw error
	console.error(`Content build failed: ${error.message}`)
	process.exitCode = 1
} finally {
	fs.rmSync(bundled, { force: true })
}
