/**
 * The fake GitHub (github.ts) as a process, for the end-to-end site that signs owners in
 * (playwright.config.ts, tests/e2e/admin.spec.ts): `vite-node tests/fakes/github-peer.ts`
 * with FAKE_GITHUB_PORT. A browser approves as a user by adding `login=<user>` to the authorize
 * URL the site redirects to; the five sample users are the emulator's.
 */
import { startFakeGitHub } from './github'

const port = Number(process.env.FAKE_GITHUB_PORT ?? 0)
const fake = await startFakeGitHub({ port })
console.log(`Fake GitHub on ${fake.url}`)
const stop = async () => {
	await fake.close()
	process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
