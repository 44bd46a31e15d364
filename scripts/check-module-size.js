// Fails `npm run lint` when a module of app/, or server.ts, is over 300 lines, naming it: a long
// module is one doing several jobs (docs/decisions/099). Catalogues (tables of texts, templates
// or settings, read entry by entry) are allowed to grow; they are listed here and in
// docs/ARCHITECTURE.md. Tests are not modules. Usage: node scripts/check-module-size.js [root]
import fs from 'node:fs'
import path from 'node:path'

const MAX_LINES = 300
const CATALOGUES = new Set([
	'app/config.server.ts', // every environment variable with its rule and message
	'app/integrations/email/templates.tsx', // every e-mail the site sends
	'app/forms/schemas.ts', // every form's fields, rules and messages
])

const root = path.resolve(process.argv[2] ?? '.')

function* modules(dir) {
	for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
		const file = path.posix.join(dir, entry.name)
		if (entry.isDirectory()) yield* modules(file)
		else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield file
	}
}

const tooLong = [
	...modules('app'),
	...(fs.existsSync(path.join(root, 'server.ts')) ? ['server.ts'] : []),
]
	.filter((file) => !CATALOGUES.has(file))
	.map((file) => ({
		file,
		lines: fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1,
	}))
	.filter(({ lines }) => lines > MAX_LINES)

for (const { file, lines } of tooLong) {
	console.error(
		`${file}: ${lines} lines, over ${MAX_LINES}: split it by job, or list it as a catalogue`,
	)
}
process.exitCode = tooLong.length > 0 ? 1 : 0
