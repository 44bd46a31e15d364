/**
 * Where the server finds the files the build writes (`build/`) and the migrations: from the
 * project's root, the
 * nearest folder above this module with a package.json. That holds however the code runs:
 * bundled (build/server.js, build/server/index.js), from its sources under Vite in development,
 * or under the test runner.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

function projectRoot(): string {
	let dir = path.dirname(fileURLToPath(import.meta.url))
	while (!fs.existsSync(path.join(dir, 'package.json'))) {
		const parent = path.dirname(dir)
		if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`)
		dir = parent
	}
	return dir
}

const PROJECT_ROOT = projectRoot()

/** The build's output folder. */
export const BUILD_DIR = path.join(PROJECT_ROOT, 'build')

/** The SQL migrations (app/db/migrate.server.ts), read from the sources: one copy, in every mode. */
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'app', 'db', 'migrations')

/**
 * The compiled content (scripts/build-content.js): content.json, site.json, images/, read from
 * beside the server that runs. `npm run dev` compiles its own copy under build/dev/ and runs its
 * server from there (docs/decisions/151): build/content is what `npm start` serves and a deploy
 * of build/ ships, so development never writes it. The production build run with
 * NODE_ENV=development (as tests of development's rules do) reads the content it was built with.
 */
const DEV_BUILD_DIR = path.join(BUILD_DIR, 'dev')
const runningFromDevBuild =
	process.argv[1] !== undefined &&
	path.resolve(process.argv[1]).startsWith(DEV_BUILD_DIR + path.sep)
export const CONTENT_BUILD_DIR = path.join(
	runningFromDevBuild ? DEV_BUILD_DIR : BUILD_DIR,
	'content',
)

/** The invoice PDF's fonts (app/models/invoices/pdf.server.ts), read from the sources like the migrations. */
export const INVOICE_FONTS_DIR = path.join(PROJECT_ROOT, 'app', 'models', 'invoices', 'fonts')
