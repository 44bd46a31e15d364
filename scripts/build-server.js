// Compiles server.ts next to the Remix server build; app imports stay bundled, packages external.
import fs from 'node:fs'
import { build } from 'esbuild'

const options = {
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	packages: 'external',
	alias: { '~': './app' },
	sourcemap: true,
	logLevel: 'warning',
}

await build({ ...options, entryPoints: ['server.ts'], outfile: 'build/server.js' })
// `npm run db:migrate`: migrations and seed alone, for deploys that migrate before rolling out.
await build({ ...options, entryPoints: ['scripts/db-migrate.ts'], outfile: 'build/db-migrate.js' })
// `npm run signup-link`: prints a one-click sign-up link (docs/decisions/062).
await build({
	...options,
	entryPoints: ['scripts/signup-link.ts'],
	outfile: 'build/signup-link.js',
})
// `node build/seed-admin-scale.js`: synthetic orders and leads for `npm run bench:admin`.
await build({
	...options,
	entryPoints: ['scripts/seed-admin-scale.ts'],
	outfile: 'build/seed-admin-scale.js',
})
// The SQL migrations ship beside the bundles that apply them (app/db/migrate.server.ts).
fs.rmSync('build/migrations', { recursive: true, force: true })
fs.cpSync('app/db/migrations', 'build/migrations', { recursive: true })

// An empty, initialised PGlite data directory: a new embedded database starts as a copy of it
// (app/db/client.server.ts) instead of running initdb in WASM on first boot (5 to 10 seconds).
const { PGlite } = await import('@electric-sql/pglite')
fs.rmSync('build/pglite-template', { recursive: true, force: true })
await (await PGlite.create('build/pglite-template')).close()
