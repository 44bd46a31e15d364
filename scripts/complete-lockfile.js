// Completes package-lock.json with the platform-specific optional packages (rollup, biome, ...)
// that the registry mirror on our machines does not serve. npm leaves them out of the lock when
// it cannot fetch their manifests, and `npm ci` then refuses the lock as out of sync. Each one is
// added with its os/cpu/libc (read from its name), so every platform but its own skips it.
// Run after any `npm install` that changes the lock: `node scripts/complete-lockfile.js`.
import fs from 'node:fs'

const LOCK = 'package-lock.json'
const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'))
const packages = lock.packages
const OSES = [
	'aix',
	'android',
	'darwin',
	'freebsd',
	'linux',
	'netbsd',
	'openbsd',
	'openharmony',
	'sunos',
	'win32',
]

function platformOf(name) {
	const parts = name.split('/').pop().split('-')
	const at = parts.findIndex((part) => OSES.includes(part))
	if (at === -1) return null
	const [os, cpu, ...rest] = parts.slice(at)
	const platform = { os: [os], cpu: [cpu] }
	if (rest.some((part) => part.startsWith('musl'))) platform.libc = ['musl']
	else if (os === 'linux' && rest.some((part) => part.startsWith('gnu'))) platform.libc = ['glibc']
	return platform
}

let added = 0
for (const [path, entry] of Object.entries(packages)) {
	for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
		const nested = `${path ? `${path}/` : ''}node_modules/${name}`
		if (packages[nested] || packages[`node_modules/${name}`]) continue
		const platform = platformOf(name)
		if (!platform) continue
		packages[`node_modules/${name}`] = {
			version,
			...(entry.dev ? { dev: true } : {}),
			optional: true,
			...platform,
		}
		added++
	}
}

const sorted = Object.fromEntries(
	Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
lock.packages = sorted
const indent = fs.readFileSync(LOCK, 'utf8').match(/^\{\n(\s+)/)?.[1] ?? '  '
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, indent)}\n`)
console.log(`package-lock.json: ${added} platform package entries added`)
