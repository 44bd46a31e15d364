/**
 * Valid HTML (docs/decisions/073): the Nu HTML Checker (`vnu-jar`, needs Java; `npm test`
 * installs it when missing) finds no error in the pages a launch sends people to: every landing
 * page, the blog, a post, a cheatsheet, a legal page, and the other pages with forms. Needs
 * `npm run build`.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import vnuJar from 'vnu-jar'
import { createUnsubscribeToken } from '~/models/links/preference-tokens.server'
import { type RunningServer, startServer } from '../support/server'

// The e-mail preferences page opens with a link signed for one address (docs/decisions/109).
const SESSION_SECRET = 'html-validity-secret-0123456789abcdef'
const preferencesPage = `/email-preferences?token=${encodeURIComponent(createUnsubscribeToken('ada@example.com', SESSION_SECRET))}`

const PAGES = [
	'/',
	'/for/react',
	'/workshop',
	'/ai-driven-development-day',
	'/blog',
	'/blog/workflow/the-review-loop',
	'/cheatsheets',
	'/cheatsheets/git-safety-net',
	'/legal/privacy-policy',
	'/onboarding',
	'/post-insiders-survey',
	preferencesPage,
	// The waiting list's form (the one a sold-out product shows) and what comes next (decision 120).
	'/waitlist?code=ai-driven-development-day-pass&region=GLOBAL',
	'/waitlist/joined',
	// The German site (decision 173): its home, the workshop and its answer page, a post.
	'/de',
	'/de/workshop',
	'/de/workshop/enrolled',
	'/de/ai-driven-development-day',
	'/de/blog/workflow/the-review-loop',
	// Decision 175: the German landing pages and the waiting list's.
	'/de/for/react',
	'/de/waitlist?code=ai-driven-development-day-pass&region=GLOBAL',
	'/de/waitlist/joined',
	'/de/blog',
	'/de/blog/workflow/write-the-spec-first',
	// Decision 178: the rest of the German public pages and the preferences page.
	'/de/onboarding',
	'/de/post-insiders-survey',
	'/de/cheatsheets',
	'/de/cheatsheets/git-safety-net',
	'/de/legal/privacy-policy',
	`/de${preferencesPage}`,
]

// People get a streamed page, bots the whole document at once (decision 002): both are checked.
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36'

type VnuMessage = {
	type: string
	url: string
	message: string
	lastLine?: number
	extract?: string
}

describe('HTML validity', () => {
	let server: RunningServer
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'html-validity-'))

	beforeAll(async () => {
		server = await startServer({ SESSION_SECRET })
	}, 120_000)
	afterAll(async () => {
		await server?.stop()
		fs.rmSync(dir, { recursive: true, force: true })
	})

	test('the Nu HTML Checker reports no error on the launch pages', async () => {
		const files: string[] = []
		for (const page of PAGES) {
			const response = await fetch(`${server.url}${page}`)
			expect(response.status, page).toBe(200)
			const file = path.join(dir, `${page.split('?')[0]!.replaceAll('/', '_') || '_'}.html`)
			fs.writeFileSync(file, await response.text())
			files.push(file)
		}
		const { stdout, stderr } = await promisify(execFile)(
			'java',
			['-jar', String(vnuJar), '--errors-only', '--format', 'json', '--exit-zero-always', ...files],
			{ maxBuffer: 16 * 1024 * 1024 },
		)
		const { messages } = JSON.parse(stderr || stdout) as { messages: VnuMessage[] }
		const errors = messages
			.filter((message) => message.type === 'error')
			.map((m) => `${path.basename(m.url)}:${m.lastLine}: ${m.message} ${m.extract ?? ''}`)
		expect(errors).toEqual([])
	}, 120_000)

	test('no page carries a NUL byte, streamed to a person or whole to a bot', async () => {
		// Where React's 2 KB buffers end depends on every byte before: a referral code of each
		// length from 1 to 32 (echoed in the forms' return URLs) moves the page's em-dashes and
		// curly quotes across those ends.
		const withNul: string[] = []
		for (const page of PAGES)
			for (const userAgent of [BROWSER, 'Googlebot/2.1'])
				for (let length = 1; length <= 32; length++) {
					const response = await fetch(
						`${server.url}${page}${page.includes('?') ? '&' : '?'}friend=${'f'.repeat(length)}`,
						{
							headers: { 'User-Agent': userAgent },
						},
					)
					const bytes = new Uint8Array(await response.arrayBuffer())
					if (bytes.includes(0)) withNul.push(`${page}?friend=(${length}) ${userAgent.slice(0, 9)}`)
				}
		expect(withNul).toEqual([])
	}, 120_000)
})
