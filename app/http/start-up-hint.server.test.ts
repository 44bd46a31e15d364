import { describe, expect, test } from 'vitest'
import { printsOwnerLinkAtStart, startUpHint } from './start-up-hint.server'

const ORIGIN = 'http://localhost:3000'
// `npm start` on a fresh clone: production, no OAuth app, no owners, no mail server.
const freshClone = {
	NODE_ENV: 'production' as const,
	SITE_URL: undefined,
	SITE_STATUS: 'pre_release' as const,
	GITHUB_CLIENT_ID: undefined,
	ADMIN_GITHUB_LOGINS: [] as string[],
	SMTP_URL: undefined,
}

describe('the start-up hint', () => {
	test('npm start on a fresh clone: the emulator cannot make an owner here, what to do, and where the e-mails wait', () => {
		const lines = startUpHint(freshClone, ORIGIN)
		expect(lines).toHaveLength(2)
		expect(lines[0]).toContain('nobody can open it here')
		expect(lines[0]).toContain('npm run dev')
		expect(lines[0]).toContain('GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET and ADMIN_GITHUB_LOGINS')
		expect(lines[1]).toContain(`${ORIGIN}/admin/email`)
		expect(lines[1]).toContain('/__outbox under `npm run dev`')
	})

	test('an emulator account named in ADMIN_GITHUB_LOGINS under npm start is told why it is no owner', () => {
		const [owner] = startUpHint({ ...freshClone, ADMIN_GITHUB_LOGINS: ['octocat'] }, ORIGIN)
		expect(owner).toContain('whatever ADMIN_GITHUB_LOGINS says')
	})

	test('npm run dev on a fresh clone: where to sign in as the owner, and the outbox viewer', () => {
		const lines = startUpHint({ ...freshClone, NODE_ENV: 'development' }, ORIGIN)
		expect(lines).toEqual([
			expect.stringContaining(`open ${ORIGIN}/login/github?returnTo=/admin from this machine`),
			expect.stringContaining(`read them at ${ORIGIN}/__outbox from this machine`),
		])
	})

	test('npm run dev: an emulator account is an owner only once listed, and the hint says so (decision 132)', () => {
		const [none] = startUpHint({ ...freshClone, NODE_ENV: 'development' }, ORIGIN)
		expect(none).toContain('Set ADMIN_GITHUB_LOGINS to an account of the GitHub emulator')
		const [listed] = startUpHint(
			{ ...freshClone, NODE_ENV: 'development', ADMIN_GITHUB_LOGINS: ['mona'] },
			ORIGIN,
		)
		expect(listed).toContain('pick mona in the GitHub emulator')
	})

	test('a GitHub OAuth app without owners: set ADMIN_GITHUB_LOGINS', () => {
		const [owner] = startUpHint(
			{ ...freshClone, GITHUB_CLIENT_ID: 'id', SMTP_URL: 'smtp://mail.example.com' },
			ORIGIN,
		)
		expect(owner).toContain('Set ADMIN_GITHUB_LOGINS to your GitHub login')
	})

	test('a released site without an OAuth app has no sign-in: it says so', () => {
		const [owner] = startUpHint({ ...freshClone, SITE_STATUS: 'released' }, ORIGIN)
		expect(owner).toContain('GitHub sign-in is off')
	})

	test('a site with an OAuth app, owners and a mail server logs no hint', () => {
		expect(
			startUpHint(
				{
					...freshClone,
					GITHUB_CLIENT_ID: 'id',
					ADMIN_GITHUB_LOGINS: ['octocat'],
					SMTP_URL: 'smtp://mail.example.com',
				},
				ORIGIN,
			),
		).toEqual([])
	})

	test('npm start on a fresh clone: the one-time owner sign-in link is how to become the owner (decision 151)', () => {
		const link = `${ORIGIN}/owner-sign-in?token=abc.def`
		const lines = startUpHint(freshClone, ORIGIN, link)
		expect(lines).toHaveLength(2)
		expect(lines[0]).toContain(`sign in as the owner`)
		expect(lines[0]).toContain('`npm run owner-link` prints a fresh one')
		expect(lines[0]).toMatch(new RegExp(`: ${link.replace(/[.?]/g, '\\$&')}$`))
		expect(lines[0]).not.toContain('nobody can open it')
	})

	test('a link is printed at start without a GitHub app before release; a released site or a GitHub app prints none unless asked', () => {
		const site = { OWNER_LINK_AT_START: 'auto' as const, GITHUB_CLIENT_ID: undefined }
		expect(printsOwnerLinkAtStart({ ...site, SITE_STATUS: 'pre_release' })).toBe(true)
		expect(printsOwnerLinkAtStart({ ...site, SITE_STATUS: 'released' })).toBe(false)
		expect(
			printsOwnerLinkAtStart({ ...site, GITHUB_CLIENT_ID: 'id', SITE_STATUS: 'pre_release' }),
		).toBe(false)
		expect(
			printsOwnerLinkAtStart({ ...site, OWNER_LINK_AT_START: 'always', SITE_STATUS: 'released' }),
		).toBe(true)
		expect(
			printsOwnerLinkAtStart({ ...site, OWNER_LINK_AT_START: 'never', SITE_STATUS: 'pre_release' }),
		).toBe(false)
	})
})
