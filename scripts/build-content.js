// Compiles content/**/*.mdx to build/content/content.json (rendered HTML, tables of contents,
// metadata) and draws the social images into public/build/content/. Runs after `remix build`,
// which empties public/build. An invalid file stops the build with its name and the field.
//
//   node scripts/build-content.js [--content DIR] [--out DIR] [--public DIR]
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { build } from 'esbuild'

const { values } = parseArgs({
	options: {
		content: { type: 'string', default: 'content' },
		out: { type: 'string', default: 'build/content' },
		public: { type: 'string', default: 'public' },
	},
})

// The compiler is TypeScript/TSX under app/ (it renders the content blocks), so it is bundled
// first, next to the project so its packages load from node_modules. One file per process:
// a test may run this script while a build does.
const bundled = path.resolve('build', `.content-compiler-${process.pid}.mjs`)
await build({
	entryPoints: ['app/content/compile.server.tsx'],
	outfile: bundled,
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	packages: 'external',
	alias: { '~': './app' },
	plugins: [compiledAssets()],
	logLevel: 'warning',
})

/**
 * Content blocks draw icons from the sprite (app/components/icons.svg): an image imported by the
 * app is the URL `remix build` gave it, found in public/build/_assets, so compiled content and
 * the pages point at the same file.
 */
function compiledAssets() {
	const assets = path.resolve('public/build/_assets')
	return {
		name: 'compiled-assets',
		setup(esbuild) {
			esbuild.onResolve({ filter: /\.svg$/ }, (args) => ({
				path: path.basename(args.path, '.svg'),
				namespace: 'compiled-asset',
			}))
			esbuild.onLoad({ filter: /.*/, namespace: 'compiled-asset' }, (args) => {
				const built = fs
					.readdirSync(assets)
					.filter((file) => new RegExp(`^${args.path}-[A-Z0-9]+\\.svg$`).test(file))
				if (built.length !== 1)
					throw new Error(`Expected one ${args.path}-*.svg in ${assets}, found ${built.length}`)
				return { contents: `export default ${JSON.stringify(`/build/_assets/${built[0]}`)}` }
			})
		},
	}
}

const { buildContent, ContentError } = await import(pathToFileURL(bundled).href)
const started = Date.now()
try {
	const bundle = await buildContent({
		contentDir: values.content,
		outDir: values.out,
		publicDir: values.public,
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
