// Compiles server.ts to build/server.js, beside the Remix server build (build/server/index.js,
// Vite's), and the command-line scripts.
import fs from 'node:fs'
import { build } from 'esbuild'
import { serverBundleOptions } from './server-bundle.js'

await build({ ...serverBundleOptions, entryPoints: ['server.ts'], outfile: 'build/server.js' })
// The PDF worker thread (app/models/invoices/pdf-thread.server.ts): invoices and certificates
// rendered off the event loop.
await build({
	...serverBundleOptions,
	entryPoints: ['app/pdf-thread.server.ts'],
	outfile: 'build/pdf-thread.js',
})
// `npm run db:migrate`: migrations and seed alone, for deploys that migrate before rolling out.
await build({
	...serverBundleOptions,
	entryPoints: ['scripts/db-migrate.ts'],
	outfile: 'build/db-migrate.js',
})
// `npm run signup-link`: prints a one-click sign-up link (docs/decisions/062).
await build({
	...serverBundleOptions,
	entryPoints: ['scripts/signup-link.ts'],
	outfile: 'build/signup-link.js',
})
// `npm run owner-link`: prints a one-time owner sign-in link (docs/decisions/151).
await build({
	...serverBundleOptions,
	entryPoints: ['scripts/owner-link.ts'],
	outfile: 'build/owner-link.js',
})
// `node build/seed-admin-scale.js`: synthetic orders and leads for `npm run bench:admin`.
await build({
	...serverBundleOptions,
	entryPoints: ['scripts/seed-admin-scale.ts'],
	outfile: 'build/seed-admin-scale.js',
})

// An empty, initialised PGlite data directory: a new embedded database starts as a copy of it
// (app/db/client.server.ts) instead of running initdb in WASM on first boot (5 to 10 seconds).
const { PGlite } = await import('@electric-sql/pglite')
fs.rmSync('build/pglite-template', { recursive: true, force: true })
await (await PGlite.create('build/pglite-template')).close()
// The same for the in-memory databases of the tests, as the tar PGlite loads (docs/decisions/180):
// a test's database is loaded from it in under a second instead of initdb's three or more.
const inMemory = await PGlite.create()
const dump = await inMemory.dumpDataDir('none')
fs.writeFileSync('build/pglite-template.tar', Buffer.from(await dump.arrayBuffer()))
await inMemory.close()
